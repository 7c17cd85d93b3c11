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
    func testRunsInsideTheTraitsOverride() {
        let screen = ProfileScreen()
        screen.load(userID: userFromTheTrait.id)

        #expect(
            screen.title == userFromTheTrait.name,
            """
            The test does not see the user its .environment trait sets up. The trait must run the \
            test inside withEnvironment, with the trait's change.
            """)
        #expect(
            screen.isOnline,
            "The test does not see the clock its .environment trait sets up.")
    }

    @Test(
        "withEnvironment inside the test starts from the trait's override",
        .environment { $0.getUserForId = { id in id == userFromTheTrait.id ? userFromTheTrait : nil } })
    func scopesInsideTheTestBuildOnTheTrait() async {
        let muchLater = momentOfTheTrait.addingTimeInterval(24 * 60 * 60)

        await withEnvironment {
            $0.now = { muchLater }
        } operation: {
            let screen = ProfileScreen()
            screen.load(userID: userFromTheTrait.id)
            #expect(
                screen.title == userFromTheTrait.name,
                """
                Inside the test, withEnvironment replaced only the clock, yet the user from the \
                .environment trait is gone. The trait's override must be in force for the whole test.
                """)
            #expect(!screen.isOnline, "The clock set by withEnvironment inside the test was not used.")
        }
    }
}
