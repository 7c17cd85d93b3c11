import Chapter7
import Testing

@Suite("A feature flag picks the database, and the screen never knows")
@MainActor
struct FeatureFlagTests {
    @Test("The databaseV2 flag picks the database the live environment reads users from")
    func flagPicksTheDatabase() async throws {
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
                "With the databaseV2 flag off, the screen does not show the user from DatabaseManager.shared.")
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
                Current.isEnabled and ask the new database when it is on: the screen stays as it is.
                """)
        }
    }
}
