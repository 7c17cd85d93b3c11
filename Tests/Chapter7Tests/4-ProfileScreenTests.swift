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

    @Test(
        "Online means active during the last five minutes, by Current's clock",
        arguments: [(59, true), (4 * 60 + 59, true), (5 * 60 + 1, false), (2 * 60 * 60, false)]
            as [(TimeInterval, Bool)])
    func onlineForFiveMinutes(secondsSinceLastActive: TimeInterval, isOnline: Bool) async {
        guard await overridesStayInTheirTask() else { return }
        let user = User.unique("Katherine", lastActive: Date(timeIntervalSince1970: 1_650_000_000))
        let now = user.lastActive.addingTimeInterval(secondsSinceLastActive)

        await withEnvironment {
            $0.getUserForId = { id in id == user.id ? user : nil }
            $0.now = { now }
        } operation: {
            let screen = ProfileScreen()
            screen.load(userID: user.id)
            #expect(
                screen.title == user.name && screen.isOnline == isOnline,
                """
                Current hands out \(user.name), last active \(Int(secondsSinceLastActive)) seconds before \
                Current's clock, so the screen should show them \(isOnline ? "online" : "away"); it shows \
                "\(screen.title)", \(screen.isOnline ? "online" : "away"). The user and the time both \
                come from Current (not from DatabaseManager.shared, not from Date()).
                """)

            let nobody = ProfileScreen()
            nobody.load(userID: -user.id)
            #expect(!nobody.isOnline, "A user Current does not know is shown online.")
        }
    }
}
