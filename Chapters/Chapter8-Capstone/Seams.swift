// TODO: Steps 1–6. A home for whatever your techniques add beside the screen: the protocols the
// screen depends on and the singletons' conformances to them, a locator, a factory. Empty for
// now: the screen reaches every service itself.
