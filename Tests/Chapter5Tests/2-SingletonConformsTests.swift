import Chapter5
import Testing
import WorkbookSupport

@Suite("The disk-backed singleton is a UserStorage")
struct SingletonConformsTests {
    @Test("The disk-backed singleton can be used wherever a UserStorage is expected")
    func singletonConforms() async {
        await expectCompiles(
            """
            func storageForTheApp() -> any UserStorage {
                DiskUserStorage.shared
            }

            // Any task may use the app's store, in a library and in an app target alike.
            nonisolated func lookUpAnywhere() throws -> User? {
                try DiskUserStorage.shared.user(named: "Ada")
            }
            """,
            """
            `DiskUserStorage.shared` is not a `UserStorage` yet, or code off the main actor can no \
            longer use it. The app's real store has to conform itself (not a wrapper around it), or it \
            could not be the storage the app passes to `UserManager`; and it stays `nonisolated`, as \
            the starter declares it, so that any task may use it.
            """)
    }
}
