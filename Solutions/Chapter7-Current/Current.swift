nonisolated extension Environment {
    /// The environment of the running task. A task starts with the one its parent had when it was
    /// created (`async let`, task groups and `Task {}` all inherit it); without an override, that
    /// is `.live`.
    @TaskLocal fileprivate static var current = Environment.live
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The environment the app reads every effect from: `Current.getUserForId(id)`, `Current.now()`.
/// The capital letter makes it easy to spot, and to search for, wherever it is used.
///
/// It can only be read. A task-local value cannot be assigned; it is bound for a scope, with
/// `withEnvironment`, so no override can outlive its scope or reach a task outside it.
public nonisolated var Current: Environment { Environment.current }

#if DEBUG
    /// Runs `operation` with `Current` changed by `change`. Only `operation`, and the tasks it
    /// starts, see the change; the environment is back as it was when `operation` ends, even when
    /// it throws.
    ///
    ///     await withEnvironment { $0.now = { fixedDate } } operation: {
    ///         screen.load(userID: 42)
    ///     }
    ///
    /// Debug builds only: a build you ship runs with `.live`, and nothing can change that.
    public func withEnvironment<Result>(
        _ change: (inout Environment) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        // Start from the environment in force here, so overrides nest: an inner scope changes
        // only what it names and keeps the rest of the outer override.
        var environment = Current
        change(&environment)
        return try await Environment.$current.withValue(environment, operation: operation)
    }
#endif
