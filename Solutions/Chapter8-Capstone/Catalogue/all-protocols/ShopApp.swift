import Foundation

/// The app itself, where its parts are put together at launch: in an iOS app, the app delegate or
/// the SwiftUI `App`. It is the composition root: the one place that decides which real service
/// stands behind each thing a screen needs.
@MainActor
public final class ShopApp {
    public init() {}

    /// The screen behind the Rewards tab, on the app's real services. The screen has no defaults:
    /// this is the one place that names the real ones.
    public func makeRedeemScreen() async throws -> RedeemScreen {
        RedeemScreen(
            session: UserSession.shared, store: LoyaltyStore.shared, rewardsServer: RewardsAPI.shared,
            analytics: Analytics.shared, clock: SystemClock(), preferences: .standard)
    }
}
