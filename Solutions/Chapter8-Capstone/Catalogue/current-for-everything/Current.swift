import Foundation

/// Every effect the redeem screen has on the world outside its own code, one closure per call: the
/// session, the store, the rewards server, analytics, the clock and the feature flags. It keeps no
/// state and does no work: `.live` hands each call to the app's real service. The app reads it
/// through `Current`.
public struct Environment: Sendable {
    public var currentMember: @Sendable () -> Member?
    public var stars: @Sendable (_ memberID: String) -> Int
    public var setStars: @Sendable (_ stars: Int, _ memberID: String) -> Void
    public var redemptions: @Sendable (_ memberID: String) -> [Redemption]
    public var record: @Sendable (Redemption) -> Void
    public var cancel: @Sendable (Redemption) -> Void
    public var confirmRedemption: @Sendable (_ rewardID: String, _ memberID: String) async throws -> Voucher
    /// On the main actor, like the analytics SDK.
    public var track: @MainActor @Sendable (_ name: String, _ properties: [String: String]) -> Void
    public var now: @Sendable () -> Date
    public var isEnabled: @Sendable (FeatureFlag) -> Bool
}

extension Environment {
    /// What the shipping app runs with: every closure hands the call to the real service.
    public static let live = Environment(
        currentMember: { UserSession.shared.currentMember },
        stars: { LoyaltyStore.shared.stars(of: $0) },
        setStars: { LoyaltyStore.shared.setStars($0, of: $1) },
        redemptions: { LoyaltyStore.shared.redemptions(of: $0) },
        record: { LoyaltyStore.shared.record($0) },
        cancel: { LoyaltyStore.shared.cancel($0) },
        confirmRedemption: { try await RewardsAPI.shared.confirmRedemption(of: $0, by: $1) },
        track: { Analytics.shared.track($0, properties: $1) },
        now: {
            // The workbook's tripwire (see `Tripwire.swift`): a test that reads the real clock is told.
            _ = Tripwire.touch("Current.now")
            return Date()
        },
        isEnabled: { UserDefaults.standard.bool(forKey: $0.rawValue) }
    )

    /// The environment of the running task and the tasks it starts.
    @TaskLocal fileprivate static var current = Environment.live
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The environment the app reads every effect from. Read-only: overrides are bound for a scope.
public var Current: Environment { Environment.current }

#if DEBUG
    /// Runs `operation` with `Current` changed by `change`, for this task and its children only.
    public func withEnvironment<Result>(
        _ change: (inout Environment) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        var environment = Current
        change(&environment)
        return try await Environment.$current.withValue(environment, operation: operation)
    }
#endif
