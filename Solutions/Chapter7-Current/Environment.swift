import Foundation

/// Everything the app needs from the world outside its own code, one closure per effect: finding
/// a user, telling the time, reading a feature flag. It keeps no state and does no work itself:
/// each closure only hands the call on. The app reads it through `Current`.
///
/// `Sendable`, closures included: one environment is read from every task of the app, so Swift 6
/// accepts it in a global, and in a task-local value, only if nothing in it can be shared unsafely.
public nonisolated struct Environment: Sendable {
    /// Finds the user with this id, or `nil` when there is none.
    public var getUserForId: @Sendable (Int64) -> User?
    /// The date and time right now.
    public var now: @Sendable () -> Date
    /// Whether this feature flag is switched on.
    public var isEnabled: @Sendable (FeatureFlag) -> Bool

    public init(
        getUserForId: @escaping @Sendable (Int64) -> User?,
        now: @escaping @Sendable () -> Date,
        isEnabled: @escaping @Sendable (FeatureFlag) -> Bool
    ) {
        self.getUserForId = getUserForId
        self.now = now
        self.isEnabled = isEnabled
    }
}

nonisolated extension Environment {
    /// The environment the shipping app runs with: every closure forwards to the real thing.
    public static let live = Environment(
        getUserForId: { id in
            // The flag is read through `Current`, like any other effect, so a test can switch it
            // for itself. Callers never learn which database answered.
            if Current.isEnabled(.databaseV2) {
                DatabaseManagerV2.shared.fetchUser(id: id)
            } else {
                DatabaseManager.shared.user(withID: id)
            }
        },
        now: { Date() },
        isEnabled: { RemoteConfig.shared.isEnabled($0) }
    )

    /// Made-up answers for tests and previews: no database, no real clock, no remote flags.
    public static let mock = Environment(
        // The same answer for the same question, every time, whatever is in the databases.
        getUserForId: { id in User(id: id, name: "Mock User", lastActive: mockDate) },
        now: { mockDate },
        isEnabled: { _ in false }
    )
}

/// The one moment the mock's clock shows: 14 November 2023, 22:13:20 UTC.
private nonisolated let mockDate = Date(timeIntervalSince1970: 1_700_000_000)
