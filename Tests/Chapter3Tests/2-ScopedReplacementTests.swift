import Chapter3
import Foundation
import Testing
import WorkbookSupport

extension SharedStoreTests {
    @Suite("A test can put a store of its own in place of the shared one, for a scope")
    struct ScopedReplacementTests {
        @Test("Inside the scope UserStorage.shared is the test's store; afterwards the app's store is back")
        func replacedForTheScope() async throws {
            let appStore = UserStorage.shared
            try await withTemporaryFolder("chapter3-users") { folder in
                let testStore = UserStorage(folder: folder)
                let seenInside = await UserStorage.replacingShared(with: testStore) { UserStorage.shared }

                #expect(
                    seenInside === testStore,
                    """
                    Inside `replacingShared(with:_:)`, `UserStorage.shared` should be the store the test \
                    passed in. It was not, so the code under test would read and write the app's real users.
                    """)
            }
            #expect(
                UserStorage.shared === appStore,
                "After the scope, `UserStorage.shared` should be the app's own store again.")
        }

        @Test("After a scope whose body throws, the app's store is back and the next scope can begin")
        func restoredAfterAThrow() async throws {
            let appStore = UserStorage.shared
            try await withTemporaryFolder("chapter3-users") { folder in
                let testStore = UserStorage(folder: folder)
                var seenInside: UserStorage?
                await #expect(
                    throws: ScenarioFailure.self, "The error thrown in the body should reach the caller unchanged."
                ) {
                    try await UserStorage.replacingShared(with: testStore) {
                        seenInside = UserStorage.shared
                        throw ScenarioFailure()
                    }
                }

                #expect(
                    seenInside === testStore,
                    """
                    Inside `replacingShared(with:_:)`, `UserStorage.shared` should be the store the test \
                    passed in, also in a body that goes on to throw.
                    """)
            }
            #expect(
                UserStorage.shared === appStore,
                """
                After a scope whose body threw, `UserStorage.shared` should be the app's own store again. A \
                failing test must not leave its store behind for every test after it: put the original back \
                however the body ends.
                """)

            // If the failed scope still held on to the gate, the next scope would wait forever: give it
            // five seconds, in a task of its own.
            let nextScopeBegan = try await outcome(within: .seconds(5)) {
                try await withTemporaryFolder("chapter3-users") { folder in
                    await UserStorage.replacingShared(with: UserStorage(folder: folder)) { true }
                }
            }
            #expect(
                nextScopeBegan != nil,
                """
                Five seconds after a scope whose body threw, the next scope had still not begun: the failed \
                scope never left the gate. Leave it however the body ends.
                """)
        }
    }
}
