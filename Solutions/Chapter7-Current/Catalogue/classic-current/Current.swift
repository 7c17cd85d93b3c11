import Synchronization

/// One environment for the whole process, behind a lock.
private let processWideEnvironment = Mutex(Environment.live)

#if DEBUG
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The environment the app reads every effect from. Debug builds may replace it.
    public var Current: Environment {
        get { processWideEnvironment.withLock { $0 } }
        set { processWideEnvironment.withLock { $0 = newValue } }
    }

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
    /// The environment the app reads every effect from. A build you ship can only read it.
    public var Current: Environment { processWideEnvironment.withLock { $0 } }
#endif
