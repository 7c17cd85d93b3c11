import Foundation

/// The screen that shows one user's profile. It stands for a view controller or a SwiftUI view
/// model, which live on the main actor as UI code does; `load(userID:)` is what runs when the
/// screen appears.
@MainActor
public final class ProfileScreen {
    /// The user's name, or a placeholder when there is no such user.
    public private(set) var title = ""
    /// Whether the user did something in the app during the last five minutes.
    public private(set) var isOnline = false

    public init() {}

    public func load(userID: Int64) {
        // TODO: Step 4. The screen reaches straight for a singleton and for the system clock, so
        // a test can control neither. Get the user and the time from `Current` instead.
        let user = DatabaseManager.shared.user(withID: userID)
        let now = Date()

        title = user?.name ?? "Unknown user"
        isOnline = user.map { now.timeIntervalSince($0.lastActive) < 5 * 60 } ?? false
    }
}
