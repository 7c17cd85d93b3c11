import Chapter5
import Foundation
import Testing
import WorkbookSupport

@Suite("UserManager works with the storage it is given")
struct UserManagerInjectionTests {
    @Test("UserManager asks the storage it was given whether a name is taken, whatever its type")
    func asksTheGivenStorage() async throws {
        // Kept for good: nothing outside the manager can swap its storage once it is made.
        let swappable = try await ModuleInterface.declarations(visibleFrom: .anotherModule).filter { symbol in
            symbol.path.first == "UserManager" && symbol.kind.hasSuffix("property")
                && symbol.declaration.contains("UserStorage") && !symbol.declaration.contains("{ get }")
                && !symbol.declaration.contains("let ")
        }
        #expect(
            swappable.isEmpty,
            """
            Other modules can swap the storage of a `UserManager` after it is made: \
            \(swappable.map { "`\($0.name)`, \($0)" }.joined(separator: "; ")). The manager keeps the storage \
            it is given (a `private let`): a public `var` lets any code change what a screen's manager \
            talks to, and `nonisolated(unsafe)` on it silences a data race the compiler would report.
            """)

        try withUniqueName("Grace") { name in
            // A struct defined here in the tests: the manager cannot know it, only the protocol.
            let manager = UserManager(storage: EveryNameIsTaken())

            let registered = try manager.registerUser(name: name)

            #expect(
                registered == false,
                """
                The storage given to `UserManager(storage:)` says every name is taken, yet \
                `registerUser` registered "\(name)".
                The manager is not asking the storage it was given: it still goes straight to \
                `DiskUserStorage.shared`.
                """)
        }
    }

    @Test("UserManager saves a new user into the storage it was given")
    func savesIntoTheGivenStorage() throws {
        try withUniqueName("Alan") { name in
            let storage = SaveRecorder()
            let manager = UserManager(storage: storage)

            _ = try manager.registerUser(name: name)

            #expect(
                storage.savedUsers.map(\.name) == [name],
                """
                Registering "\(name)" should save that one user into the storage given to \
                `UserManager(storage:)`, and it saved \(storage.savedUsers.count) user(s) there.
                The manager is writing somewhere else: to the singleton's folder on disk.
                """)
        }
    }

    @Test(
        "When the storage it was given fails, registerUser throws instead of answering",
        arguments: StorageFailure.allCases)
    func storageFailuresReachTheCaller(failure: StorageFailure) async throws {
        try await withTemporaryFolder("chapter5-broken-store") { folder in
            let name = "Barbara \(UUID().uuidString)"
            let storage = try #require(
                try brokenDiskStorage(in: folder, failing: failure, for: name),
                """
                `DiskUserStorage` is not a `UserStorage` yet (Step 2), so this test cannot hand a broken \
                one to the manager.
                """)
            let answer = Result { try register(name, through: storage) }

            if case .success(let registered) = answer {
                Issue.record(
                    """
                    The storage given to `UserManager(storage:)` fails to \(failure.rawValue), yet \
                    `registerUser` answered \(registered) instead of throwing. \
                    \(registered
                        ? "The manager did not use that storage (it went to `DiskUserStorage.shared`), or it ignored the failure."
                        : "`false` means \"the name is taken\": a failure turned into that answer lies to the screen, which tells the person to pick another name.")
                    Let the storage's error reach the caller: `try`, and no `catch`.
                    """)
            }
        }
    }

    @Test("UserManager() without arguments uses the app's store, and a manager given another storage does not")
    func defaultIsTheAppsStore() throws {
        try withUniqueName("Margaret") { name in
            _ = try UserManager(storage: SaveRecorder()).registerUser(name: name)
            try #require(
                try DiskUserStorage.shared.user(named: name) == nil,
                """
                "\(name)" was registered through a manager given its own storage, yet the app's \
                store, `DiskUserStorage.shared`, now holds that user.
                The manager still goes straight to the singleton instead of using the storage it was \
                given.
                """)

            let registered = try UserManager().registerUser(name: name)

            #expect(
                registered,
                """
                `UserManager()` refused "\(name)", a name the app's store has never seen. Which \
                storage does a manager made without arguments use?
                """)
            #expect(
                try DiskUserStorage.shared.user(named: name) != nil,
                """
                "\(name)" was registered through `UserManager()`, yet `DiskUserStorage.shared` does \
                not have it. A manager made without arguments must use the app's one store, \
                `DiskUserStorage.shared`, not a store of its own: give the `storage` parameter that \
                default value.
                """)
        }
    }
}
