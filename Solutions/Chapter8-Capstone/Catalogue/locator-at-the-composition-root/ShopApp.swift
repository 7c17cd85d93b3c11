/// The app itself, where its parts are put together at launch: in an iOS app, the app delegate or
/// the SwiftUI `App`. It is the composition root: it fills its own locator with the real services,
/// and hands the locator to the factories that build screens.
@MainActor
public final class ShopApp {
    /// The app's locator: a stored property, passed on, never a static.
    private let services = ServiceLocator()

    public init() {
        services.register((any MemberSession).self, UserSession.shared)
        services.register((any LoyaltyRecords).self, LoyaltyStore.shared)
        services.register((any RewardsServer).self, RewardsAPI.shared)
        services.register((any AnalyticsTracker).self, Analytics.shared)
        services.register((any ShopClock).self, SystemClock())
        services.register((any FeatureFlags).self, StandardDefaultsFlags())
    }

    /// The screen behind the Rewards tab, on the app's real services.
    public func makeRedeemScreen() async throws -> RedeemScreen {
        try RedeemScreenFactory(services: services).makeRedeemScreen()
    }
}
