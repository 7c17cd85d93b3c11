import Chapter8

// This file is test code: it is compiled into `Chapter8TestDoubles`, a module only the tests
// import (with `@testable`), never into the app.

/// Builds the redeem screen on the fake `world` and runs `body` with it: the one place where the
/// tests meet your design. The tests call it for every scenario, and read the world afterwards.
///
/// Whatever techniques you choose, the screen built here must reach the world's session, store,
/// clock, flags, rewards server and analytics, and nothing of the real app. A technique that
/// builds and passes (a protocol, a subclass, a locator handed to a factory) builds the screen and
/// calls `body`; one that binds an environment (`Current`) runs `body` inside the binding.
@MainActor
func withFeature<Value>(
    in world: FakeWorld,
    _ body: (RedeemScreen) async throws -> Value
) async throws -> Value {
    // TODO: Steps 1–6. This is the app's screen, on the app's live services: each test's scenario
    // never reaches the fake world. Hand the screen the world's session (Step 1), store (Step 2),
    // clock (Step 3), flags (Step 4), rewards server (Step 5) and analytics (Step 6).
    let screen = RedeemScreen()
    return try await body(screen)
}
