import Chapter3
import Foundation
import Synchronization
import Testing
import WorkbookSupport

@Suite("The shared store", .serialized)
struct SharedStoreTests {
    // Every test that reads or replaces `UserStorage.shared` is nested in this suite (the nested
    // suites are in the numbered files), and `.serialized` runs them one at a time.
    //
    // The scopes protect themselves from each other, but a plain read of `UserStorage.shared`
    // outside a scope, such as "the app's store is back afterwards", would see another test's store
    // if that test were inside its scope at that moment. This holds only because no test outside
    // this suite touches `UserStorage.shared`: a rule kept by promise, as the lesson explains.
    //
    // This note sits inside the type on purpose. Swift Testing attaches the comment written just
    // above a suite's or a test's attribute (`//`, `///`, `/* */` or `/** */` alike) to that suite or
    // test and prints it with every failure, where learners would read it as part of the message.
}

/// Thrown by a test body on purpose, to see what a scope does when its body throws. It carries the
/// store the body found in `UserStorage.shared`.
struct ScenarioFailure: Error {
    var sharedInsideTheBody: UserStorage
}

/// How long a test waits for one scope, which takes a few milliseconds when all is well.
let scopeTimeLimit: Duration = .seconds(5)

/// Set when a scope did not end within its time limit: the test it happened in. Such a scope
/// usually still holds the gate, so every later scope would wait forever too.
private let scopeThatNeverEnded = Mutex<String?>(nil)

/// Runs `work`, which goes through one or more scopes, in a task of its own and waits for it at
/// most `limit`. When the limit passes, records an issue that names the likely cause and stops the
/// test; the task is left behind, so that a test whose scope never ends still ends.
///
/// After one scope has failed to end, later calls stop their test at once, with a message that
/// points at the first one, instead of waiting out their own time limits.
func withinTimeLimit<Value: Sendable>(
    _ limit: Duration = scopeTimeLimit,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ work: @escaping @Sendable (ScopeWatch) async throws -> Value
) async throws -> Value {
    if let earlier = scopeThatNeverEnded.withLock({ $0 }) {
        try #require(
            Bool(false),
            """
            This test did not start its scope: a scope of the test "\(earlier)" never ended, and a scope \
            that never ends keeps the next ones waiting forever. Fix that one first.
            """,
            sourceLocation: sourceLocation)
    }
    let watch = ScopeWatch()
    let value = try await outcome(within: limit) { try await work(watch) }
    guard let value else {
        let test = Test.current?.displayName ?? Test.current?.name ?? "an earlier test"
        scopeThatNeverEnded.withLock { $0 = $0 ?? test }
        try #require(Bool(false), Comment(rawValue: watch.explanation(after: limit)), sourceLocation: sourceLocation)
        throw CancellationError()  // Not reached: the `#require` above has already stopped the test.
    }
    return value
}

/// What the bodies of a test's scopes have done so far, to tell why a scope did not end in time.
final class ScopeWatch: Sendable {
    private let counts = Mutex((began: 0, ended: 0))

    /// Call first thing in a scope's body.
    func bodyBegan() { counts.withLock { $0.began += 1 } }

    /// Call last thing in a scope's body, also when it throws.
    func bodyEnded() { counts.withLock { $0.ended += 1 } }

    /// Why the scopes were still running when the time limit passed.
    func explanation(after limit: Duration) -> String {
        let (began, ended) = counts.withLock { ($0.began, $0.ended) }
        if began > ended {
            return """
                A scope's body was still running after \(limit): it was waiting for something that never \
                came. Does the body start a scope of its own inside the scope? The inner one waits for the \
                outer one forever.
                """
        }
        let bodies = began == 0 ? "Its body never began" : "Its body had ended"
        return """
            A scope did not end within \(limit), although a scope takes milliseconds. \(bodies): the scope \
            is waiting for a turn that never comes. Does it enter the gate twice (a `run` inside another \
            `run`), or wait for a lock that nobody releases?
            """
    }
}

/// Runs `body` as every test of `UserManager` should run: with a new, empty store of its own in
/// place of `UserStorage.shared`.
func inAStoreOfItsOwn<Outcome: Sendable>(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () throws -> Outcome
) async throws -> Outcome {
    try await withTemporaryFolder("chapter3-users") { folder in
        try await withinTimeLimit(sourceLocation: sourceLocation) { watch in
            try await UserStorage.replacingShared(with: UserStorage(folder: folder)) {
                watch.bodyBegan()
                defer { watch.bodyEnded() }
                return try body()
            }
        }
    }
}

/// Like `inAStoreOfItsOwn(_:)`, and hands the store to `body`. Stops the test at once if the store
/// is not in place, because the test would then run against the app's real store.
func withEmptySharedStore<Outcome: Sendable>(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable (UserStorage) throws -> Outcome
) async throws -> Outcome {
    try await withTemporaryFolder("chapter3-users") { folder in
        let store = UserStorage(folder: folder)
        return try await withinTimeLimit(sourceLocation: sourceLocation) { watch in
            try await UserStorage.replacingShared(with: store) {
                watch.bodyBegan()
                defer { watch.bodyEnded() }
                try #require(
                    UserStorage.shared === store,
                    """
                    Inside `replacingShared(with:_:)`, `UserStorage.shared` was not the empty store this test \
                    put in place, so `registerUser(name:)` would have run against the app's real store on disk.
                    """,
                    sourceLocation: sourceLocation)
                return try body(store)
            }
        }
    }
}

/// Runs `work` in a task of its own and waits for it at most `limit`. Returns `nil` if it has not
/// finished by then; the task is left behind, so that a test whose work never ends still ends.
func outcome<Value: Sendable>(
    within limit: Duration,
    _ work: @escaping @Sendable () async throws -> Value
) async throws -> Value? {
    let (results, delivery) = AsyncStream.makeStream(of: Result<Value, any Error>.self)
    Task {
        do {
            delivery.yield(.success(try await work()))
        } catch {
            delivery.yield(.failure(error))
        }
        delivery.finish()
    }
    let timer = Task {
        try? await Task.sleep(for: limit)
        delivery.finish()
    }
    defer { timer.cancel() }
    for await result in results {
        return try result.get()
    }
    return nil
}
