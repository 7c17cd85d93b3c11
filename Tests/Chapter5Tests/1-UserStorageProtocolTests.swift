import Chapter5
import Testing
import WorkbookSupport

@Suite("UserStorage names what UserManager needs, and the singleton is one")
struct UserStorageProtocolTests {
    @Test("Code that holds any UserStorage can look a user up and save one")
    func protocolListsWhatTheManagerNeeds() async {
        await expectCompiles(
            """
            func registerIfNew(_ name: String, in storage: any UserStorage) throws -> Bool {
                if try storage.user(named: name) != nil {
                    return false
                }
                try storage.save(User(name: name))
                return true
            }
            """,
            """
            `UserStorage` does not yet promise the two things `UserManager` does with a storage: \
            `user(named:)` and `save(_:)`. Until the protocol lists them, code that only knows \
            "any UserStorage" cannot call them.
            """)
    }

    @Test("The disk-backed singleton can be used wherever a UserStorage is expected")
    func singletonConforms() async {
        await expectCompiles(
            """
            func storageForTheApp() -> any UserStorage {
                DiskUserStorage.shared
            }
            """,
            """
            `DiskUserStorage.shared` is not a `UserStorage` yet. The app's real store has to \
            conform, or it could not be the storage the app passes to `UserManager`.
            """)
    }
}
