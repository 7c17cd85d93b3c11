/// The app itself, where its parts are put together at launch: in an iOS app, the app delegate or
/// the SwiftUI `App`. It is the composition root: the one place that decides which real service
/// stands behind each thing a screen needs.
@MainActor
public final class ShopApp {
    public init() {}

    /// The screen behind the Rewards tab, on the app's real services.
    public func makeRedeemScreen() async throws -> RedeemScreen {
        // The screen's defaults are the app's real services, and `Current` is `.live` in the app:
        // nothing to hand over. (The catalogue's `locator-at-the-composition-root` builds it here
        // from a locator instead.)
        RedeemScreen()
    }
}
