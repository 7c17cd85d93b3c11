import Chapter7
import Foundation
import Testing

@testable import Chapter7TestDoubles

/// What the trait puts in place: a user of this file's own and a clock that stands still.
private let userFromTheTrait = User.unique("Set by the trait", lastActive: momentOfTheTrait)
private let momentOfTheTrait = Date(timeIntervalSince1970: 1_650_000_000)

@Suite("A test trait runs a test inside its own environment")
@MainActor
struct EnvironmentTraitTests {
    @Test(
        "A test marked .environment { … } runs inside that override",
        .environment {
            $0.getUserForId = { id in id == userFromTheTrait.id ? userFromTheTrait : nil }
            $0.now = { momentOfTheTrait }
        })
    func testRunsInsideTheTraitsOverride() async {
        guard await overridesStayInTheirTask() else { return }
        guard Current.getUserForId(userFromTheTrait.id) == userFromTheTrait, Current.now() == momentOfTheTrait
        else {
            Issue.record(
                """
                The test does not see the user and the clock its .environment trait sets up. The trait \
                must run the test (`function`) inside withEnvironment, with the trait's change.
                """)
            return
        }
        let screen = ProfileScreen()
        screen.load(userID: userFromTheTrait.id)

        #expect(
            screen.title == userFromTheTrait.name && screen.isOnline,
            """
            The trait's override is in force, yet the screen does not show what it sets up: the screen \
            must get its user from Current.getUserForId and the time from Current.now().
            """)
    }

    @Test(
        "withEnvironment inside the test starts from the trait's override",
        .environment { $0.getUserForId = { id in id == userFromTheTrait.id ? userFromTheTrait : nil } })
    func scopesInsideTheTestBuildOnTheTrait() async {
        guard await overridesStayInTheirTask() else { return }
        guard Current.getUserForId(userFromTheTrait.id) == userFromTheTrait else {
            Issue.record(
                """
                The test does not see the user its .environment trait sets up. The trait must run the \
                test (`function`) inside withEnvironment, with the trait's change.
                """)
            return
        }
        let muchLater = momentOfTheTrait.addingTimeInterval(24 * 60 * 60)

        let nested = await withEnvironment {
            $0.now = { muchLater }
        } operation: {
            (user: Current.getUserForId(userFromTheTrait.id), now: Current.now())
        }
        #expect(nested.now == muchLater, "The clock set by withEnvironment inside the test was not used.")
        #expect(
            nested.user == userFromTheTrait,
            """
            The trait works: outside the nested scope the test sees the trait's user. But a \
            withEnvironment inside the test, which replaced only the clock, lost it: withEnvironment \
            started from `.live` instead of the environment in force. Start from `Current`.
            """)
    }
}
