/// The app itself, where its parts are put together at launch: in an iOS app, the app delegate or
/// the SwiftUI `App`.
@MainActor
public final class ShopApp {
    public init() {}

    /// The screen behind the Rewards tab. It reads every service from `Current`, which is `.live`
    /// in the app.
    public func makeRedeemScreen() async throws -> RedeemScreen {
        RedeemScreen()
    }
}
