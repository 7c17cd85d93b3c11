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
            """,
            """
            `DiskUserStorage.shared` is not a `UserStorage` yet. The app's real store has to \
            conform itself (not a wrapper around it), or it could not be the storage the app \
            passes to `UserManager`.
            """)
    }
}
