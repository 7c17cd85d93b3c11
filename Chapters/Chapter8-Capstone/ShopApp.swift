/// The app itself, where its parts are put together at launch: in an iOS app, the app delegate or
/// the SwiftUI `App`. It is the composition root: the one place that decides which real service
/// stands behind each thing a screen needs.
@MainActor
public final class ShopApp {
    public init() {}

    /// The screen behind the Rewards tab, on the app's real services.
    public func makeRedeemScreen() async throws -> RedeemScreen {
        // TODO: Steps 1–6. Whatever the screen comes to ask for, the app must keep running on its
        // real services: the session, the store, the rewards server, the analytics SDK, the real
        // clock and the flags in the standard user defaults. Hand them over here if the screen no
        // longer finds them itself.
        RedeemScreen()
    }
}
