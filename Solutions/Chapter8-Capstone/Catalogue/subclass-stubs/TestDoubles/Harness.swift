import Chapter8
import Foundation

// This file is test code: it is compiled into `Chapter8TestDoubles`, a module only the tests
// import (with `@testable`), never into the app.

/// Builds the redeem screen on the fake `world` and runs `body` with it. Each service is a subclass
/// of the app's own class that overrides every call the screen makes, and hands it to the world
/// instead; the clock and the flags are bound in `Current` for this task.
@MainActor
func withFeature<Value>(
    in world: FakeWorld,
    _ body: (RedeemScreen) async throws -> Value
) async throws -> Value {
    try await withEnvironment {
        $0.now = { world.now }
        $0.isEnabled = { world.isEnabled($0) }
    } operation: {
        let screen = RedeemScreen(
            session: WorldSession(world), store: WorldStore(world), rewardsServer: WorldServer(world),
            analytics: WorldAnalytics(world))
        return try await body(screen)
    }
}

/// The world's session, standing in for `UserSession`.
final class WorldSession: UserSession {
    let world: FakeWorld

    init(_ world: FakeWorld) {
        self.world = world
        super.init()
    }

    override var currentMember: Member? { world.currentMember }
}

/// The world's store, standing in for `LoyaltyStore`. Every call is overridden: one left out would
/// write real files, through the real store's code.
final class WorldStore: LoyaltyStore {
    let world: FakeWorld

    init(_ world: FakeWorld) {
        self.world = world
        // The superclass wants a folder; nothing is ever written there, since every call is overridden.
        super.init(folder: FileManager.default.temporaryDirectory.appendingPathComponent("never-written"))
    }

    override func stars(of memberID: String) -> Int { world.stars(of: memberID) }
    override func setStars(_ stars: Int, of memberID: String) { world.setStars(stars, of: memberID) }
    override func redemptions(of memberID: String) -> [Redemption] { world.redemptions(of: memberID) }
    override func record(_ redemption: Redemption) { world.record(redemption) }
    override func cancel(_ redemption: Redemption) { world.cancel(redemption) }
}

/// The world's rewards server, standing in for `RewardsAPI`.
final class WorldServer: RewardsAPI {
    let world: FakeWorld

    init(_ world: FakeWorld) {
        self.world = world
        super.init(server: FileManager.default.temporaryDirectory.appendingPathComponent("never-read"))
    }

    override func confirmRedemption(of rewardID: String, by memberID: String) async throws -> Voucher {
        try await world.confirmRedemption(of: rewardID, by: memberID)
    }
}

/// The world's analytics, standing in for the SDK's `Analytics`. It does not call `super`: that
/// is the SDK's real work.
final class WorldAnalytics: Analytics {
    let world: FakeWorld

    init(_ world: FakeWorld) {
        self.world = world
        super.init()
    }

    override func track(_ name: String, properties: [String: String] = [:]) {
        world.track(name, properties: properties)
    }
}
