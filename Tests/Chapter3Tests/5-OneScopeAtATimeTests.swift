import Chapter3
import Foundation
import Testing
import WorkbookSupport

extension SharedStoreTests {
    @Suite("Scopes of tests running at the same time never overlap")
    struct OneScopeAtATimeTests {
        /// What one of the parallel "tests" below saw inside its scope.
        struct SeenInScope: Sendable {
            var ownStore: Bool
            var registered: Bool
        }

        @Test("Ten tests replacing the shared store at the same moment each keep their own store throughout")
        func scopesDoNotOverlap() async throws {
            let appStore = UserStorage.shared
            // Every "test" registers the same name, each in an empty store of its own: all should succeed.
            let name = "Ada \(UUID().uuidString)"
            let seen = try await withThrowingTaskGroup(of: SeenInScope.self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        try await withTemporaryFolder("chapter3-users") { folder in
                            let ownStore = UserStorage(folder: folder)
                            return try await UserStorage.replacingShared(with: ownStore) {
                                // A test takes a moment, long enough for other tests to start theirs.
                                try await Task.sleep(for: .milliseconds(10))
                                // An error counts as a refusal: with overlapping scopes, the store in
                                // place may be one whose folder another scope has already deleted.
                                let registered = (try? UserManager().registerUser(name: name)) ?? false
                                return SeenInScope(ownStore: UserStorage.shared === ownStore, registered: registered)
                            }
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            let intruded = seen.count { !$0.ownStore }
            #expect(
                intruded == 0,
                """
                In \(intruded) of 10 scopes running at the same time, `UserStorage.shared` was not the \
                scope's own store when its body ended: the scope did not put it in place, or another scope \
                swapped in its own store meanwhile. Let only one scope run at a time.
                """)
            let everyRegistrationAccepted = seen.allSatisfy(\.registered)
            #expect(
                everyRegistrationAccepted,
                """
                Each scope registered the same name in what should have been an empty store of its own, yet \
                some were refused: they registered in a store that another scope had used too.
                """)
            #expect(
                UserStorage.shared === appStore,
                """
                After all the scopes had ended, `UserStorage.shared` was not the app's store: overlapping \
                scopes put back each other's stores in the wrong order.
                """)
        }
    }
}
