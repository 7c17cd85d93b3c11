#if DEBUG
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The environment the app reads every effect from. Debug builds may replace it.
    ///
    /// The mistake: `nonisolated(unsafe)` promises that every access is synchronised, and tests that
    /// override it at the same time break the promise.
    nonisolated(unsafe) public var Current: Environment = .live

    /// Runs `operation` with `Current` changed by `change`, then puts the previous environment back.
    public func withEnvironment<Result>(
        _ change: (inout Environment) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let previous = Current
        var changed = previous
        change(&changed)
        Current = changed
        defer { Current = previous }
        return try await operation()
    }
#else
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The environment the app reads every effect from.
    public let Current: Environment = .live
#endif
