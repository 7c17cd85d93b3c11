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
        // Every effect comes from `Current`: searching for it finds every dependency the screen has.
        // The mistake: the screen decides which database answers.
        let user =
            Current.isEnabled(.databaseV2)
            ? DatabaseManagerV2.shared.fetchUser(id: userID) : Current.getUserForId(userID)
        let now = Current.now()

        title = user?.name ?? "Unknown user"
        isOnline = user.map { now.timeIntervalSince($0.lastActive) < 5 * 60 } ?? false
    }
}
