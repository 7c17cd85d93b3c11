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
        // TODO: Step 1. Look the user up in the app's database, `DatabaseManager.shared`.
        // TODO: Step 5. When `Current.isEnabled(.databaseV2)`, ask `DatabaseManagerV2.shared`
        // instead. Only this closure changes: callers keep calling `Current.getUserForId`.
        getUserForId: { _ in nil },
        // TODO: Step 1. Tell the real time.
        now: { .distantPast },
        // TODO: Step 1. Ask the app's remote configuration, `RemoteConfig.shared`.
        isEnabled: { _ in false }
    )

    /// Made-up answers for tests and previews: no database, no real clock, no remote flags.
    public static let mock = Environment(
        // TODO: Step 1. Hand out a made-up user for any id, without asking any database.
        getUserForId: { _ in nil },
        // TODO: Step 1. The real clock moves on between two calls. Return one fixed date instead.
        now: { Date() },
        isEnabled: { _ in false }
    )
}
