import Chapter5
import Foundation
import Synchronization
import Testing
import WorkbookSupport

@testable import Chapter5TestDoubles

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
                Does the manager ask the storage it was given? Does the fake's `user(named:)` (in \
                `TestDoubles/FakeUserStorage.swift`) find the users it was made with?
                """)
            #expect(
                storage.savedUsers.isEmpty,
                """
                A refused registration must save nothing, yet the fake's `savedUsers` lists \
                \(storage.savedUsers.count) user(s). Either the manager saved anyway, or `savedUsers` also \
                lists the users the fake was made with: it should list only those saved since.
                """)
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

            // More users, in an order no sorting or hashing would give back: `savedUsers` lists
            // them oldest first.
            let more = ["Tony", "Barbara", "Alan", "Margaret", "Ken", "Frances", "Niklaus"].map { "\($0) \(name)" }
            for other in more { _ = try manager.registerUser(name: other) }
            let listed = storage.savedUsers.map(\.name)
            #expect(
                listed == [name] + more,
                """
                After registering \(1 + more.count) users one after another, the fake's `savedUsers` should \
                list them in the order they were saved, oldest first, each once; it lists \(listed). Keep \
                the saved users in an array, in order, not in a set or a dictionary.
                """)

            // A fake records every save it is asked for, as the real store writes each one: a
            // name it already knows, and the same user twice, included.
            let known = User(name: "Ada \(name)")
            let direct = FakeUserStorage(users: [known])
            direct.save(known)
            direct.save(known)
            #expect(
                direct.savedUsers == [known, known],
                """
                A fake made with "\(known.name)" was asked to save "\(known.name)" twice, and its `savedUsers` \
                lists \(direct.savedUsers.map(\.name)). A fake that records only some saves (not a name it \
                already knows, or each user once) hides what the code under test sent: `savedUsers` lists \
                every save since the fake was made, oldest first, each as often as it came.
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

    @Test("Two tasks saving and looking up through one fake at the same moment lose nothing")
    func theFakeIsSafeToShare() async {
        let rounds = 1000
        let run = UUID().uuidString
        let fake = FakeUserStorage()
        let lost = Atomic<Int>(0)

        await runSideBySide(rounds: rounds) { task, round in
            let user = User(name: "Grace \(task)-\(round) \(run)")
            fake.save(user)
            if fake.user(named: user.name) == nil {
                lost.add(1, ordering: .relaxed)
            }
        }

        let saved = fake.savedUsers.count
        let notFound = lost.load(ordering: .relaxed)
        #expect(
            saved == 2 * rounds && notFound == 0,
            """
            Two tasks saved \(rounds) users each into one fake, side by side, and looked each one up \
            at once: `savedUsers` lists \(saved) of \(2 * rounds), and \(notFound) could not be found.
            `UserStorage` is `Sendable`, so any number of tasks may share one fake: every read and \
            write of its state must go through one lock (a `Mutex`). Plain `var`s made to compile \
            with `@unchecked Sendable` or `nonisolated(unsafe)` lose users, and the race check \
            reports the data race.
            """)
    }
}
