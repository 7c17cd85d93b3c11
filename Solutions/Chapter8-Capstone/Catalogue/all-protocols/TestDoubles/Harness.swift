import Chapter8

// This file is test code: it is compiled into `Chapter8TestDoubles`, a module only the tests
// import (with `@testable`), never into the app.

// The fake world has every call the screen's protocols ask for, under the same names.
extension FakeWorld: MemberSession, LoyaltyRecords, RewardsServer, AnalyticsTracker, ShopClock {}

/// Builds the redeem screen on the fake `world` and runs `body` with it. Everything is handed to
/// the initialiser; the flags go in preferences of this call's own, never the standard ones.
@MainActor
func withFeature<Value>(
    in world: FakeWorld,
    _ body: (RedeemScreen) async throws -> Value
) async throws -> Value {
    try await world.withPreferences { preferences in
        let screen = RedeemScreen(
            session: world, store: world, rewardsServer: world, analytics: world, clock: world,
            preferences: preferences)
        return try await body(screen)
    }
}
