// swift-format-ignore: AlwaysUseLowerCamelCase
/// The environment the app reads every effect from.
///
/// The mistake: on the main actor, every access is safe, but `Environment.live`'s closures, which
/// run wherever they are called, can no longer read it.
@MainActor public var Current: Environment = .live

#if DEBUG
    /// Runs `operation` with `Current` changed by `change`, then puts the previous environment back.
    @MainActor
    public func withEnvironment<Result>(
        _ change: (inout Environment) -> Void,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let previous = Current
        var changed = previous
        change(&changed)
        Current = changed
        defer { Current = previous }
        return try await operation()
    }
#endif
