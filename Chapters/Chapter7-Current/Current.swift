import Synchronization

// TODO: Step 2. One environment for the whole process: when two tests override it at the same
// time, each replaces the other's. Give every task its own environment instead: a task-local value
// whose default is `.live`, private to this file, which `withEnvironment` binds for the length of
// its operation.
private nonisolated let processWideEnvironment = Mutex(Environment.live)

// TODO: Step 2. Anyone can assign `Current`, even in the build you ship. Make it a property that
// can only be read: it returns the running task's environment.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// The environment the app reads every effect from: `Current.getUserForId(id)`, `Current.now()`.
/// The capital letter makes it easy to spot, and to search for, wherever it is used.
public nonisolated var Current: Environment {
    get { processWideEnvironment.withLock { $0 } }
    set { processWideEnvironment.withLock { $0 = newValue } }
}

// TODO: Step 2. This swaps one process-wide value, so while it runs every other task, every other
// test too, sees the override, and their overrides replace this one. Start from `Current`, apply
// `change`, and bind the result for this task and the tasks it starts, and for nobody else.
// TODO: Step 3. Overriding the environment is for tests and previews: no release build needs it.
/// Runs `operation` with `Current` changed by `change`, then puts the previous environment back.
///
///     await withEnvironment { $0.now = { fixedDate } } operation: {
///         screen.load(userID: 42)
///     }
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
