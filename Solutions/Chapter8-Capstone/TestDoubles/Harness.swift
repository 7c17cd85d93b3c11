import Chapter8

// This file is test code: it is compiled into `Chapter8TestDoubles`, a module only the tests
// import (with `@testable`), never into the app.

// The fake world already has every call the screen's protocols ask for, under the same names: it
// conforms as it is.
nonisolated extension FakeWorld: MemberSession, LoyaltyRecords, RewardsServer, AnalyticsTracker {}

/// Builds the redeem screen on the fake `world` and runs `body` with it: the one place where the
/// tests meet your design. The tests call it for every scenario, and read the world afterwards.
///
/// The four services are handed to the screen's initialiser; the clock and the flags are bound in
/// `Current` for this task and the tasks it starts, so tests running at the same time each keep
/// their own.
@MainActor
func withFeature<Value>(
    in world: FakeWorld,
    _ body: (RedeemScreen) async throws -> Value
) async throws -> Value {
    try await withEnvironment {
        // Closures, not values: a test that moves the world's clock or flips a flag is seen at once.
        $0.now = { world.now }
        $0.isEnabled = { world.isEnabled($0) }
    } operation: {
        let screen = RedeemScreen(session: world, store: world, rewardsServer: world, analytics: world)
        return try await body(screen)
    }
}
