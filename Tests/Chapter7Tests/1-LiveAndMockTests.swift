import Chapter7
import Foundation
import Testing
import WorkbookSupport

@Suite("Environment.live forwards to the real singletons; Environment.mock needs none of them")
struct LiveAndMockTests {
    @Test("Environment.live finds users in the app's database")
    func liveFindsUsersInTheDatabase() throws {
        let stored = try #require(DatabaseManager.shared.user(withID: 1), "The database should have a user with id 1.")

        #expect(
            Environment.live.getUserForId(1) == stored,
            """
            Environment.live did not hand out the user that DatabaseManager.shared has. The live \
            environment is the one the app ships with: its getUserForId must ask the real database.
            """)
    }

    @Test("Environment.live answers as the database does for every id, and makes up no user for an id it does not know")
    func liveAnswersAsTheDatabase() {
        // The flag is off in the app's remote configuration: the live environment asks the first database.
        let ids: [Int64] = [1, 2, 0, -1, 3, 1337, Int64.max, Int64.min]
        let differing = ids.filter { Environment.live.getUserForId($0) != DatabaseManager.shared.user(withID: $0) }
        #expect(
            differing.isEmpty,
            """
            For the id(s) \(differing.map(String.init).joined(separator: ", ")), Environment.live.getUserForId \
            answered \(differing.map { Environment.live.getUserForId($0).map { "\"\($0.name)\"" } ?? "nil" }.joined(separator: ", ")) \
            where DatabaseManager.shared has \(differing.map { DatabaseManager.shared.user(withID: $0).map { "\"\($0.name)\"" } ?? "nil" }.joined(separator: ", ")). \
            The live environment only forwards: for an id the database does not know it says so (`nil`), \
            and a made-up user belongs in `.mock`, never in what the shipping app runs with.
            """)
    }

    @Test("Environment.live tells the real time")
    func liveTellsTheRealTime() async {
        // Read twice, a moment apart: a clock read once and kept (in a `static let`, say) tells the
        // time it was first asked, and only the first reading can match.
        for reading in 1...2 {
            let before = Date()
            let now = Environment.live.now()
            let after = Date()
            #expect(
                before <= now && now <= after,
                """
                Environment.live.now() is not the current time (reading \(reading) of 2, 20 ms apart). The live \
                environment must read the system clock each time it is asked.
                """)
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test("Environment.live reads feature flags from the app's remote configuration")
    func liveReadsRemoteFlags() throws {
        try #require(
            FeatureFlag.allCases.contains { RemoteConfig.shared.isEnabled($0) },
            "RemoteConfig.shared should have at least one flag switched on, or this test proves nothing.")

        for flag in FeatureFlag.allCases {
            #expect(
                Environment.live.isEnabled(flag) == RemoteConfig.shared.isEnabled(flag),
                """
                Environment.live and RemoteConfig.shared disagree about the flag "\(flag.rawValue)". \
                The live environment's isEnabled must ask RemoteConfig.shared.
                """)
        }
    }

    @Test("Environment.mock hands out made-up values and asks no singleton")
    func mockNeedsNoSingleton() async throws {
        let idNoDatabaseHas: Int64 = 4_242_424_242
        try #require(
            DatabaseManager.shared.user(withID: idNoDatabaseHas) == nil
                && DatabaseManagerV2.shared.fetchUser(id: idNoDatabaseHas) == nil,
            "No database should have a user with id \(idNoDatabaseHas).")

        let user = Environment.mock.getUserForId(idNoDatabaseHas)
        #expect(
            user != nil,
            """
            Environment.mock found no user. A mock does not ask the database: it makes a user up, \
            for any id, so a test or a preview always has one to show.
            """)
        #expect(
            user == Environment.mock.getUserForId(idNoDatabaseHas),
            "Environment.mock gave two different users for the same id. A mock answers the same question the same way, every time."
        )
        // Ids the app's database knows: the mock makes its own users up for them too.
        let realUsers = (1...20).compactMap { DatabaseManager.shared.user(withID: Int64($0)) }
        let fromTheDatabase = realUsers.filter { Environment.mock.getUserForId($0.id) == $0 }
        #expect(
            fromTheDatabase.isEmpty,
            """
            For \(fromTheDatabase.count) id(s) the app's database knows, Environment.mock handed out the \
            database's own user (\(fromTheDatabase.first?.name ?? "")): it asks the database first. A mock \
            asks nobody: its users are made up for every id, so that what a test sees never depends on \
            what is in a real store.
            """)

        // Any id at all, the edges of `Int64` included: the mock makes up a user for it.
        let edgeIDs: [Int64] = [0, -1, 1, Int64.min, Int64.max]
        let missing = edgeIDs.filter { Environment.mock.getUserForId($0) == nil }
        #expect(
            missing.isEmpty,
            """
            For the id(s) \(missing.map(String.init).joined(separator: ", ")), Environment.mock made up no \
            user. A mock answers every question: for any id, a user.
            """)

        // Each user is the one asked for (it has that id), or the mock gives one fixed user for every
        // id: a user that carries another id would show a screen someone it did not ask for.
        let askedFor = edgeIDs + [2, 7, idNoDatabaseHas]
        let users = askedFor.map { (id: $0, user: Environment.mock.getUserForId($0)) }
        let wrongID = users.filter { $0.user != nil && $0.user?.id != $0.id }
        let oneFixedUser = Set(users.compactMap(\.user)).count == 1
        #expect(
            wrongID.isEmpty || oneFixedUser,
            """
            Environment.mock made up different users for different ids, but the user for id \
            \(wrongID.first.map { String($0.id) } ?? "") has the id \(wrongID.first?.user.map { String($0.id) } ?? ""). \
            Make up a user with the id that was asked for, or one fixed user for every id: either is fine.
            """)

        // Asked from two threads at once, as parallel tests and previews ask it: whatever the mock
        // keeps (a cache of the users it made up, say) must be safe to share. The race check sees
        // it when it is not.
        await runSideBySide(rounds: 2000) { _, round in
            // A new id each round, the same in both tasks: a mock that writes down what it made up
            // writes on every call, from both threads.
            _ = Environment.mock.getUserForId(Int64(10_000 + round))
            _ = Environment.mock.now()
        }

        // Compared as numbers: printed as dates, two moments a microsecond apart look the same.
        let first = Environment.mock.now().timeIntervalSinceReferenceDate
        let second = Environment.mock.now().timeIntervalSinceReferenceDate
        #expect(
            first == second,
            "Environment.mock.now() moved between two calls. A mock clock stands still, so that tests give the same result every time."
        )
    }
}
