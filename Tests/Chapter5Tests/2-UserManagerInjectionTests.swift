import Chapter5
import Testing
import WorkbookSupport

@Suite("UserManager works with the storage it is given")
struct UserManagerInjectionTests {
    @Test("UserManager asks the storage it was given whether a name is taken, whatever its type")
    func asksTheGivenStorage() throws {
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

    @Test("UserManager() without arguments still compiles: the singleton is the default")
    func singletonIsTheDefault() async {
        await expectCompiles(
            """
            func managerForTheApp() -> UserManager {
                UserManager()
            }
            """,
            """
            The app creates its manager with `UserManager()`, and that must keep working: give \
            the `storage` parameter a default value, `DiskUserStorage.shared`.
            """)
    }
}
