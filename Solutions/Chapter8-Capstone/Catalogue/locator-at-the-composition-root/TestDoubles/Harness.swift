import Chapter8

// This file is test code: it is compiled into `Chapter8TestDoubles`, a module only the tests
// import (with `@testable`), never into the app.

// The fake world has every call the screen's protocols ask for, under the same names.
extension FakeWorld: MemberSession, LoyaltyRecords, RewardsServer, AnalyticsTracker, ShopClock, FeatureFlags {}

/// Builds the redeem screen the way the app does, through the factory, from a locator of this
/// call's own that holds the fake world for every service.
@MainActor
func withFeature<Value>(
    in world: FakeWorld,
    _ body: (RedeemScreen) async throws -> Value
) async throws -> Value {
    let services = ServiceLocator()
    services.register((any MemberSession).self, world)
    services.register((any LoyaltyRecords).self, world)
    services.register((any RewardsServer).self, world)
    services.register((any AnalyticsTracker).self, world)
    services.register((any ShopClock).self, world)
    services.register((any FeatureFlags).self, world)
    let screen = try RedeemScreenFactory(services: services).makeRedeemScreen()
    return try await body(screen)
}
