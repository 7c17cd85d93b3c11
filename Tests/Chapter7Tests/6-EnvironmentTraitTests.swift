import Chapter7
import Foundation
import Synchronization
import Testing

@testable import Chapter7TestDoubles

/// What the trait puts in place: a user of this file's own and a clock that stands still.
private let userFromTheTrait = User.unique("Set by the trait", lastActive: momentOfTheTrait)
private let momentOfTheTrait = Date(timeIntervalSince1970: 1_650_000_000)

@Suite("A test trait runs a test inside its own environment")
@MainActor
struct EnvironmentTraitTests {
    @Test("The trait runs the test exactly once, inside its override, and passes on what the test throws")
    func runsTheTestOnce() async throws {
        // Swift Testing asks a trait for its scope and calls it around the test; so does this
        // test, around a test body of its own that records what it saw.
        let test = try #require(Test.current)
        let trait = EnvironmentTrait.environment { $0.now = { momentOfTheTrait } }
        let scope = try #require(
            trait.scopeProvider(for: test, testCase: Test.Case.current),
            "The trait gives Swift Testing no scope to run the test in, so its override never applies.")
        let clocksSeen = Mutex<[Date]>([])
        let outerUsersSeen = Mutex<[User?]>([])
        // The trait runs inside an override of its own caller (a suite's trait, a test's scope):
        // it changes the environment it finds, and keeps the rest.
        let outerUser = User.unique("Set around the trait")

        try await withEnvironment {
            $0.getUserForId = { id in id == outerUser.id ? outerUser : nil }
        } operation: {
            try await scope.provideScope(for: test, testCase: Test.Case.current) {
                clocksSeen.withLock { $0.append(Current.now()) }
                outerUsersSeen.withLock { $0.append(Current.getUserForId(outerUser.id)) }
            }
        }

        let seen = clocksSeen.withLock { $0 }
        // Asked only of a trait whose own change is seen: until then, that is the failure to fix.
        let traitApplied = !seen.isEmpty && seen.allSatisfy { $0 == momentOfTheTrait }
        #expect(
            !traitApplied || outerUsersSeen.withLock { $0 }.allSatisfy { $0 == outerUser },
            """
            The trait ran inside an override that set a user, and the test did not see that user: the \
            trait started from `.live` (or `.mock`) instead of the environment in force. Apply the \
            trait's change to `Current` as it is where the trait runs, so that traits and scopes nest.
            """)
        #expect(
            seen.count == 1,
            """
            The trait ran the test \(seen.count) times instead of once. \
            \(seen.isEmpty
                ? "A trait that never calls `function` skips the test's body, and with it every check in it: the test then passes, whatever the code does."
                : "A test's body must run once: call `function` once, inside the override.")
            """)
        #expect(
            seen.allSatisfy { $0 == momentOfTheTrait },
            """
            The test ran, but not inside the trait's override: it saw the real clock instead of the one \
            the trait sets. Run `function` inside withEnvironment, with the trait's change.
            """)

        struct TestFailed: Error {}
        await #expect(
            throws: TestFailed.self,
            """
            The test threw an error, and the trait did not pass it on: a failing test would be reported \
            as passing. Let `function`'s error through (`try`, and no `catch`).
            """
        ) {
            try await scope.provideScope(for: test, testCase: Test.Case.current) { throw TestFailed() }
        }
    }

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
