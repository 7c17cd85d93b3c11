import Chapter3
import Foundation
import Testing
import WorkbookSupport

@Suite("A store keeps its users in the folder it is given")
struct OwnFolderTests {
    @Test("A store saves its users in its own folder, where a new store on that folder finds them")
    func savesInItsOwnFolder() async throws {
        let ada = User(name: "Ada \(UUID().uuidString)")
        try await withTemporaryFolder("chapter3-users") { folder in
            // Opened before the save, as the app's shared store is opened at launch.
            let openedEarlier = UserStorage(folder: folder)
            try UserStorage(folder: folder).saveUser(ada)

            let written = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(
                !written.isEmpty,
                """
                A store opened on a folder of the test's own saved a user and wrote nothing into that \
                folder: `init(folder:)` ignores the folder, so every store still works in the app's \
                folder (`UserStorage.appFolder`).
                """)
            #expect(
                try UserStorage(folder: folder).fetchUser(named: ada.name) == ada,
                """
                A new store opened on the same folder did not find the user saved there. Users are kept on \
                disk, and opening a store must leave what is already in its folder alone: a store that empties \
                or moves its folder would lose the app's real users at every launch.
                """)
            #expect(
                try openedEarlier.fetchUser(named: ada.name) == ada,
                """
                A store opened on the folder before the user was saved there does not find the user: it read \
                the folder once, when it was opened. The folder is the truth: read it on every fetch, so \
                that the app's store, opened at launch, sees users saved since.
                """)
        }
    }

    @Test("Stores on two different folders do not share their users")
    func foldersAreSeparate() async throws {
        let ada = User(name: "Ada \(UUID().uuidString)")
        try await withTemporaryFolder("chapter3-users") { first in
            try await withTemporaryFolder("chapter3-users") { second in
                try UserStorage(folder: first).saveUser(ada)

                #expect(
                    try UserStorage(folder: second).fetchUser(named: ada.name) == nil,
                    """
                    A user saved in one folder was found by a store opened on another folder: both stores \
                    use the app's folder, whatever folder they are given. Two tests cannot keep their \
                    users apart until each store keeps to its own folder.
                    """)
            }
        }
    }

    @Test("A store writes nothing until a user is saved: opening it and asking it for users leave its folder alone")
    func writesNothingUntilSaved() async throws {
        let ada = User(name: "Ada \(UUID().uuidString)")
        try await withTemporaryFolder("chapter3-users") { parent in
            let folder = parent.appendingPathComponent("not-there-yet", isDirectory: true)
            let store = UserStorage(folder: folder)
            _ = try store.fetchUser(named: ada.name)
            #expect(
                !FileManager.default.fileExists(atPath: folder.path),
                """
                Opening a store on a folder that does not exist yet, and asking it for a user, created the \
                folder. The given contract is that a store writes nothing until a user is saved: a store \
                opened only to look (a test that checks nothing was written, an app that has no users yet) \
                must leave the disk as it was.
                """)
            try store.saveUser(ada)
            #expect(
                FileManager.default.fileExists(atPath: folder.path),
                """
                A user was saved into a store opened on a folder that did not exist yet, and the folder \
                still does not exist: the store wrote the user somewhere else (the app's folder?). Saving \
                creates the folder the store was given, and writes the user there.
                """)
            #expect(
                try UserStorage(folder: folder).fetchUser(named: ada.name) == ada,
                """
                After the first user was saved into a folder that did not exist before, a new store on that \
                folder did not find the user: saving must create the folder it needs.
                """)
        }
    }
}
