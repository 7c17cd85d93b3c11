import Chapter7
import Foundation
import Testing

@Suite("Tests that run at the same time each see only their own environment")
struct ParallelOverrideTests {
    /// Swift Testing runs the cases of a parameterized test in parallel, like separate tests.
    static let testCount = 24
    /// Every case waits here until all have put their override in place, so all of them overlap.
    static let overridesInPlace = Rendezvous(expecting: testCount)
    /// And here, until all have looked, so that no override ends before another case looks.
    static let everyoneLooked = Rendezvous(expecting: testCount)

    @Test(
        "Many tests override Current at the same time, and each sees only its own override",
        arguments: 1...testCount)
    func eachTestSeesItsOwnOverride(testNumber: Int) async {
        let mine = User.unique("The user of test \(testNumber)")

        await withEnvironment {
            $0.getUserForId = { _ in mine }
        } operation: {
            await Self.overridesInPlace.arrive()
            let seen = Current.getUserForId(mine.id)
            await Self.everyoneLooked.arrive()

            #expect(
                seen?.name == mine.name,
                """
                This test overrode Current, yet it saw another test's override. The tests ran at the \
                same time and shared one process-wide environment, so the last one to override it won. \
                Every task needs an environment of its own: make Current task-local.
                """)
        }
    }
}
