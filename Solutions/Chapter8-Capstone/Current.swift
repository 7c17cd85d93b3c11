import Foundation

/// The effects the app reads from its environment rather than from a service it is handed: the
/// time and the feature flags. Why `Current` for them: both are ambient facts that any code may ask
/// about, that hold no state of the app's own, and that a test wants to set for itself; and the
/// clock was in `Current` already.
public nonisolated struct Environment: Sendable {
    /// The date and time right now.
    public var now: @Sendable () -> Date
    /// Whether a feature flag is switched on.
    public var isEnabled: @Sendable (FeatureFlag) -> Bool

    public init(now: @escaping @Sendable () -> Date, isEnabled: @escaping @Sendable (FeatureFlag) -> Bool) {
        self.now = now
        self.isEnabled = isEnabled
    }
}

nonisolated extension Environment {
    /// What the shipping app runs with: the real clock, and the flags the remote configuration SDK
    /// leaves in the standard user defaults.
    public static let live = Environment(
        now: {
            // The workbook's tripwire (see `Tripwire.swift`): a test that reads the real clock is told.
            _ = Tripwire.touch("Current.now")
            return Date()
        },
        isEnabled: { flag in UserDefaults.standard.bool(forKey: flag.rawValue) }
    )

    /// The environment of the running task, inherited by the tasks it starts; `.live` unless a
    /// `withEnvironment` scope says otherwise.
    @TaskLocal fileprivate static var current = Environment.live
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The environment the app reads its effects from: `Current.now()`, `Current.isEnabled(flag)`.
/// Read-only: an override is bound for a scope with `withEnvironment`, for one task and its children.
public nonisolated var Current: Environment { Environment.current }

#if DEBUG
    /// Runs `operation` with `Current` changed by `change`, for this task and the tasks it starts
    /// only: a test running at the same moment keeps its own. Debug builds only, for tests and
    /// previews: a build you ship always runs with `.live`.
    public func withEnvironment<Result>(
        _ change: (inout Environment) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        var environment = Current
        change(&environment)
        return try await Environment.$current.withValue(environment, operation: operation)
    }
#endif
