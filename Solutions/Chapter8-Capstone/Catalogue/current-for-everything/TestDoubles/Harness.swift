import Chapter8

// This file is test code: it is compiled into `Chapter8TestDoubles`, a module only the tests
// import (with `@testable`), never into the app.

/// Builds the redeem screen and runs `body` with it inside an environment where every effect goes
/// to the fake `world`: bound for this task and the tasks it starts, so tests running at the same
/// time each keep their own.
@MainActor
func withFeature<Value>(
    in world: FakeWorld,
    _ body: (RedeemScreen) async throws -> Value
) async throws -> Value {
    try await withEnvironment {
        $0.currentMember = { world.currentMember }
        $0.stars = { world.stars(of: $0) }
        $0.setStars = { world.setStars($0, of: $1) }
        $0.redemptions = { world.redemptions(of: $0) }
        $0.record = { world.record($0) }
        $0.cancel = { world.cancel($0) }
        $0.confirmRedemption = { try await world.confirmRedemption(of: $0, by: $1) }
        $0.track = { world.track($0, properties: $1) }
        $0.now = { world.now }
        $0.isEnabled = { world.isEnabled($0) }
    } operation: {
        try await body(RedeemScreen())
    }
}
