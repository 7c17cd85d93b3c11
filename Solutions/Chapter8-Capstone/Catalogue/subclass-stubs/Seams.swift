// Nothing to declare: the screen takes the services' own classes, and the tests hand it
// subclasses of them. The clock and the feature flag are in `Current`.
