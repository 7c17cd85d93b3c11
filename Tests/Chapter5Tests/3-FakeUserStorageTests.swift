import Chapter5
import Testing

@testable import Chapter5TestDoubles

// These tests use `FakeUserStorage`, the fake you write in the chapter's `TestDoubles` folder.
@Suite("Registration, tested with a hand-written fake")
struct FakeUserStorageTests {
    @Test("A name that is already taken is refused")
    func duplicateIsRefused() throws {
        try withUniqueName("Ada") { name in
            // The fake starts with the user already there: no earlier test has to save it first.
            let storage = FakeUserStorage(users: [User(name: name)])
            let manager = UserManager(storage: storage)

            let registered = try manager.registerUser(name: name)

            #expect(
                registered == false,
                """
                The fake was made with a user called "\(name)", so registering that name again \
                must return false.
                Does the manager ask the storage it was given? Does the fake's `user(named:)` find \
                the users it was made with?
                """)
            #expect(
                storage.savedUsers.isEmpty,
                "A refused registration must save nothing, but the fake was asked to save \(storage.savedUsers.count) user(s)."
            )
        }
    }

    @Test("A new name is accepted and saved in the fake")
    func newNameIsAccepted() throws {
        try withUniqueName("Edsger") { name in
            let storage = FakeUserStorage()
            let manager = UserManager(storage: storage)

            let registered = try manager.registerUser(name: name)

            #expect(registered, "Nobody is called \"\(name)\" in an empty fake, so registering should return true.")
            #expect(
                storage.savedUsers.map(\.name) == [name],
                """
                After registering "\(name)", the fake's `savedUsers` should list exactly that user.
                Does the manager save into the storage it was given? Does the fake's `save(_:)` \
                remember the user, and `savedUsers` list it?
                """)
            #expect(
                try manager.registerUser(name: name) == false,
                """
                Registering "\(name)" a second time must be refused: the fake has to find the users \
                saved into it, not only those it was made with.
                """)
        }
    }

    @Test("Registering with the fake writes nothing to disk")
    func nothingReachesTheDisk() throws {
        try withUniqueName("Barbara") { name in
            let manager = UserManager(storage: FakeUserStorage())

            _ = try manager.registerUser(name: name)

            #expect(
                try DiskUserStorage.shared.user(named: name) == nil,
                """
                "\(name)" was registered with a fake storage, yet the app's real store on disk now \
                has a file for that user.
                Code under test must touch only the storage it is given.
                """)
        }
    }
}
