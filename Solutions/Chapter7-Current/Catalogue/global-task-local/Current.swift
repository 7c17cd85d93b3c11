#if DEBUG
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The environment the app reads every effect from: `Current.getUserForId(id)`, `Current.now()`.
    /// A task-local value itself: it is bound for a scope, never assigned.
    @TaskLocal public var Current: Environment = .live

    /// Runs `operation` with `Current` changed by `change`, for `operation` and the tasks it starts.
    public func withEnvironment<Result>(
        _ change: (inout Environment) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        var environment = Current
        change(&environment)
        return try await $Current.withValue(environment, operation: operation)
    }
#else
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The environment the app reads every effect from. A build you ship has only `.live`.
    public let Current: Environment = .live
#endif
