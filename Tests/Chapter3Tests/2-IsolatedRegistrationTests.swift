import Chapter3
import Foundation
import Testing
import WorkbookSupport

extension SharedStoreTests {
    @Suite("Each test of UserManager runs in an empty store of its own")
    struct IsolatedRegistrationTests {
        @Test("A name that is taken is refused, in a store that starts empty")
        func takenNameIsRefused() async throws {
            // A plain name is safe here: the store is new and empty, and no other test can see it.
            try await withEmptySharedStore { store in
                let manager = UserManager()
                let first = try manager.registerUser(name: "Ada")
                let second = try manager.registerUser(name: "Ada")

                #expect(first, "In an empty store, the first registration of Ada should be accepted.")
                #expect(!second, "Ada was already registered, so registering Ada again should be refused.")
                #expect(
                    try store.fetchUser(named: "Ada") != nil,
                    "Ada should be saved in the store the test put in place of the shared one.")
            }
        }

        @Test("A new name is accepted and saved, in a store that starts empty")
        func newNameIsAccepted() async throws {
            // Made before the scope, as a screen of the app keeps its manager from launch.
            let madeEarlier = UserManager()
            let later = "Linus \(UUID().uuidString)"
            try await withEmptySharedStore { store in
                let registered = try UserManager().registerUser(name: "Grace")

                #expect(registered, "In an empty store, nobody is called Grace yet, so Grace should be accepted.")
                #expect(
                    try store.fetchUser(named: "Grace") == User(name: "Grace"),
                    "Grace should be saved in the store the test put in place of the shared one.")

                _ = try madeEarlier.registerUser(name: later)
                #expect(
                    try store.fetchUser(named: later) != nil,
                    """
                    A manager made before the scope did not save into the store that is shared while the scope \
                    runs: it kept the store that was shared when it was made. `UserManager.swift` is given as \
                    it is, reading `UserStorage.shared` at each call; leave it so.
                    """)
            }
        }

        @Test("Registering inside a scope writes nothing where the app's real store lives")
        func nothingReachesTheAppFolder() async throws {
            // New to this run, so that finding it in the app's folder can only mean this test put it there.
            let name = "Ada \(UUID().uuidString)"
            try await withTemporaryFolder("chapter3-users") { folder in
                let testStore = UserStorage(folder: folder)
                _ = try await withinTimeLimit { watch in
                    try await UserStorage.replacingShared(with: testStore) {
                        watch.bodyBegan()
                        defer { watch.bodyEnded() }
                        return try UserManager().registerUser(name: name)
                    }
                }
                #expect(
                    try testStore.fetchUser(named: name) != nil,
                    "The user should be saved in the store the test put in place of the shared one.")
            }

            let appStore = UserStorage(folder: UserStorage.appFolder)
            #expect(
                try appStore.fetchUser(named: name) == nil,
                """
                A user registered inside the test's scope was saved in the app's real folder \
                (\(UserStorage.appFolder.path)). It stays there after the run, and every later run, \
                on any order of tests, will find it.
                """)
        }

        @Test("A scenario's result does not depend on which scenario ran before it")
        func orderDoesNotMatter() async throws {
            // Both scenarios use one name, as hand-written tests so often do. It is new to this run, so
            // that while the scenarios still share the app's folder this test fails the same way every time.
            let name = "Ada \(UUID().uuidString)"
            let newNameFirst = try await inAStoreOfItsOwn { try Scenario.registerOnce(name) }
            let duplicate = try await inAStoreOfItsOwn { try Scenario.registerTwice(name) }
            let newNameAfterDuplicate = try await inAStoreOfItsOwn { try Scenario.registerOnce(name) }

            #expect(newNameFirst, "The 'new name' scenario, run first, should accept the name.")
            let acceptedThenRefused = RegisteredTwice(first: true, second: false)
            #expect(
                duplicate == acceptedThenRefused,
                """
                The 'duplicate' scenario should accept the name once and refuse it the second time. Its \
                first registration was refused: the user saved by the scenario that ran before it was \
                still in the store.
                """)
            #expect(
                newNameAfterDuplicate,
                """
                The 'new name' scenario accepted the name when it ran first, and refused it after the \
                'duplicate' scenario had run: that scenario's user was still in the store. Each scenario \
                needs an empty store of its own.
                """)
        }

        @Test("Running the same scenarios again gives the same results")
        func repeatingGivesTheSameResults() async throws {
            let name = "Ada \(UUID().uuidString)"
            // One run of the team's two tests, each in a store of its own, as `swift test` would run them.
            func runBothScenarios() async throws -> ScenarioResults {
                let duplicate = try await inAStoreOfItsOwn { try Scenario.registerTwice(name) }
                let newName = try await inAStoreOfItsOwn { try Scenario.registerOnce(name) }
                return ScenarioResults(duplicate: duplicate, newName: newName)
            }
            let firstRun = try await runBothScenarios()
            let secondRun = try await runBothScenarios()

            let expected = ScenarioResults(duplicate: RegisteredTwice(first: true, second: false), newName: true)
            #expect(
                firstRun == expected,
                """
                On the first run, the 'new name' scenario should accept the name even though the 'duplicate' \
                scenario registered it just before: each scenario needs an empty store of its own.
                """)
            #expect(
                secondRun == firstRun,
                """
                Running the scenarios a second time gave other results than the first time: the users the \
                first run saved were still on disk. A suite that passes once and then fails on the next \
                run cannot be trusted.
                """)
        }
    }
}

/// The team's first two tests of `UserManager`, written as functions, so that one test can run
/// them in a chosen order.
enum Scenario {
    /// "A new name is accepted".
    static func registerOnce(_ name: String) throws -> Bool {
        try UserManager().registerUser(name: name)
    }

    /// "A duplicate name is refused": the same name twice.
    static func registerTwice(_ name: String) throws -> RegisteredTwice {
        let manager = UserManager()
        let first = try manager.registerUser(name: name)
        let second = try manager.registerUser(name: name)
        return RegisteredTwice(first: first, second: second)
    }
}

/// What the two registrations of the 'duplicate' scenario returned.
struct RegisteredTwice: Equatable, CustomTestStringConvertible {
    var first: Bool
    var second: Bool

    var testDescription: String {
        "\(first ? "accepted" : "refused"), then \(second ? "accepted" : "refused")"
    }
}

/// What one run of both scenarios returned.
struct ScenarioResults: Equatable, CustomTestStringConvertible {
    var duplicate: RegisteredTwice
    var newName: Bool

    var testDescription: String {
        "duplicate: \(duplicate.testDescription); new name: \(newName ? "accepted" : "refused")"
    }
}
