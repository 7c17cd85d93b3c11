import Chapter7
import Foundation
import Testing

@Suite("The profile screen gets everything through Current")
@MainActor
struct ProfileScreenTests {
    @Test("The profile screen loads its user through Current")
    func loadsItsUserThroughCurrent() async {
        guard await overridesStayInTheirTask() else { return }
        // This user is in no database: the screen can only have it from Current.
        let user = User.unique("Grace")

        await withEnvironment {
            $0.getUserForId = { id in id == user.id ? user : nil }
        } operation: {
            let screen = ProfileScreen()
            screen.load(userID: user.id)

            #expect(
                screen.title == user.name,
                """
                The screen does not show the user that Current.getUserForId hands out. It still asks \
                DatabaseManager.shared itself, so a test cannot give it a user.
                """)
        }

        // A screen made before the override, as an app makes its screens early, loads through the
        // environment in force when it loads.
        let madeEarlier = ProfileScreen()
        await withEnvironment {
            $0.getUserForId = { id in id == user.id ? user : nil }
        } operation: {
            madeEarlier.load(userID: user.id)
        }
        #expect(
            madeEarlier.title == user.name,
            """
            A screen made before an override, then loaded inside it, does not show the override's user: \
            the screen read `Current` when it was made and kept that copy. Read `Current` when the work \
            happens (in `load`), so that the environment in force then is the one used.
            """)
    }

    @Test("Overriding one closure changes only that behaviour")
    func oneClosureAtATime() async {
        guard await overridesStayInTheirTask() else { return }
        let user = User.unique("Linus", lastActive: Date(timeIntervalSince1970: 1_600_000_000))
        let aMinuteLater = user.lastActive.addingTimeInterval(60)
        let twoHoursLater = user.lastActive.addingTimeInterval(2 * 60 * 60)

        await withEnvironment {
            $0.getUserForId = { id in id == user.id ? user : nil }
            $0.now = { aMinuteLater }
        } operation: {
            let screen = ProfileScreen()
            screen.load(userID: user.id)
            guard screen.title == user.name else {
                Issue.record(
                    """
                    The screen does not show the user that Current.getUserForId hands out. It still asks \
                    DatabaseManager.shared itself, so a test cannot give it a user.
                    """)
                return
            }
            guard screen.isOnline else {
                Issue.record(
                    """
                    Current says it is a minute after the user's last activity, yet the screen shows them \
                    away. The screen must tell the time with Current.now(), not with Date().
                    """)
                return
            }

            // Only the clock changes now; the user must still come from the override above.
            await withEnvironment {
                $0.now = { twoHoursLater }
            } operation: {
                let later = ProfileScreen()
                later.load(userID: user.id)
                #expect(
                    later.title == user.name,
                    """
                    A nested withEnvironment replaced only the clock, yet the screen no longer shows the user \
                    the outer override set up: the inner scope started from `.live` instead of the \
                    environment in force. withEnvironment must start from `Current`, so that every closure \
                    it does not change stays as it was.
                    """)
                #expect(
                    !later.isOnline,
                    "Current says it is two hours after the user's last activity, yet the screen shows them online.")
            }
        }
    }
}
