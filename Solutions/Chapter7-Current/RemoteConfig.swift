/// A switch the team can flip for the app without shipping a new version.
public nonisolated enum FeatureFlag: String, CaseIterable, Sendable {
    /// Read users from `DatabaseManagerV2` instead of `DatabaseManager`.
    case databaseV2 = "database-v2"
    /// The new sign-up flow, elsewhere in the app.
    case newOnboarding = "new-onboarding"
}

/// The feature flags switched on for this app. In an app this is a remote configuration service
/// (Firebase Remote Config, LaunchDarkly, an endpoint of your own) read at launch. Here the answer
/// is fixed: the new onboarding is on, the new database is not switched on yet.
public nonisolated final class RemoteConfig: Sendable {
    public static let shared = RemoteConfig()

    private init() {}

    private let switchedOn: Set<FeatureFlag> = [.newOnboarding]

    public func isEnabled(_ flag: FeatureFlag) -> Bool {
        switchedOn.contains(flag)
    }
}
