import Chapter3
import Foundation
import Testing
import WorkbookSupport

// Every test that reads or replaces `UserStorage.shared` is nested in this suite (the nested suites
// are in the numbered files), and `.serialized` runs them one at a time.
//
// The scopes protect themselves from each other, but a plain read of `UserStorage.shared` outside a
// scope, such as "the app's store is back afterwards", would see another test's store if that test
// were inside its scope at that moment. This holds only because no test outside this suite touches
// `UserStorage.shared`: a rule kept by promise, as the lesson explains. (A `///` comment here would
// be shown with every failure in the suite.)
@Suite("The shared store", .serialized)
struct SharedStoreTests {}

/// Thrown by a test body on purpose, to see what a scope does when its body throws.
struct ScenarioFailure: Error {}

/// Runs `body` as every test of `UserManager` should run: with a new, empty store of its own in
/// place of `UserStorage.shared`.
func inAStoreOfItsOwn<Outcome>(_ body: () throws -> Outcome) async throws -> Outcome {
    try await withTemporaryFolder("chapter3-users") { folder in
        try await UserStorage.replacingShared(with: UserStorage(folder: folder)) { try body() }
    }
}

/// Like `inAStoreOfItsOwn(_:)`, and hands the store to `body`. Stops the test at once if the store
/// is not in place, because the test would then run against the app's real store.
func withEmptySharedStore<Outcome>(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (UserStorage) throws -> Outcome
) async throws -> Outcome {
    try await withTemporaryFolder("chapter3-users") { folder in
        let store = UserStorage(folder: folder)
        return try await UserStorage.replacingShared(with: store) {
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
