import Chapter7
import Testing

@Suite("A feature flag picks the database, and the screen never knows")
@MainActor
struct FeatureFlagTests {
    @Test("The databaseV2 flag picks the database the live environment reads users from")
    func flagPicksTheDatabase() async throws {
        guard await overridesStayInTheirTask() else { return }
        // A user in no database, so the screen can only have it from Current.getUserForId.
        let user = User.unique("Margaret")
        for flagIsOn in [false, true] {
            let title = await withEnvironment {
                $0.isEnabled = { _ in flagIsOn }
                $0.getUserForId = { id in id == user.id ? user : nil }
            } operation: {
                let screen = ProfileScreen()
                screen.load(userID: user.id)
                return screen.title
            }
            guard title == user.name else {
                Issue.record(
                    flagIsOn
                        ? """
                        With the databaseV2 flag on, the screen no longer shows the user that \
                        Current.getUserForId hands out: it decides about the flag itself and asks a database \
                        directly. The choice of database belongs in Environment.live's getUserForId; the \
                        screen keeps calling Current.getUserForId and never learns which database answered.
                        """
                        : """
                        The screen does not show the user that Current.getUserForId hands out. It still asks \
                        DatabaseManager.shared itself, so neither a test nor a feature flag can change where \
                        its user comes from.
                        """)
                return
            }
        }

        // The same user in both databases, under different names: the name on the screen tells
        // which database answered.
        let old = try #require(DatabaseManager.shared.user(withID: 1), "The old database should have user 1.")
        let new = try #require(DatabaseManagerV2.shared.fetchUser(id: 1), "The new database should have user 1.")
        try #require(old.name != new.name, "The two databases should know user 1 under different names.")

        await withEnvironment {
            $0 = .live
            $0.isEnabled = { _ in false }
        } operation: {
            let screen = ProfileScreen()
            screen.load(userID: 1)
            #expect(
                screen.title == old.name,
                """
                With the databaseV2 flag off, the screen does not show the user from DatabaseManager.shared. \
                Is the flag read once and kept, in a `static let` say? Then whichever test read it first \
                decided for the whole process: read Current.isEnabled on every call.
                """)
        }

        await withEnvironment {
            $0 = .live
            $0.isEnabled = { $0 == .databaseV2 }
        } operation: {
            let screen = ProfileScreen()
            screen.load(userID: 1)
            #expect(
                screen.title == new.name,
                """
                With the databaseV2 flag on, the screen does not show the user from \
                DatabaseManagerV2.shared. Environment.live.getUserForId must read the flag through \
                Current.isEnabled, where a test can switch it, on every call (a flag read once into a \
                `static let` keeps the answer of whichever test read it first, for the whole process), \
                and ask the new database when it is on.
                """)
        }
    }
}
