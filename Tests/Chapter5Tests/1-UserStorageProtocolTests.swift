import Chapter5
import Testing
import WorkbookSupport

@Suite("UserStorage names what UserManager needs")
struct UserStorageProtocolTests {
    @Test("Code that holds any UserStorage can look a user up and save one, and a storage may fail")
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

            struct FullDisk: UserStorage {
                struct NoSpaceLeft: Error {}
                func user(named name: String) throws -> User? { nil }
                func save(_ user: User) throws { throw NoSpaceLeft() }
            }
            """,
            """
            `UserStorage` should promise exactly the two things `UserManager` does with a storage, \
            as `DiskUserStorage` declares them: `func user(named name: String) throws -> User?` and \
            `func save(_ user: User) throws`.
            If the code below cannot call them: a requirement is missing, or is `async`.
            If `FullDisk` does not conform: a requirement lost its `throws` (a real store can fail, \
            so a storage must be allowed to throw), or the protocol asks for more than these two.
            """)
    }
}
