import Chapter7
import Foundation
import Testing

@Suite("Tasks that run at the same time each see only their own environment")
struct ParallelOverrideTests {
    /// Like that many tests running at once, each in a task of its own, as Swift Testing runs them.
    /// A thousand, because Thread Sanitizer sees a data race reliably only with that many.
    static let taskCount = 1_000

    @Test("Many tasks override Current at the same time, and each sees only its own override")
    func eachTaskSeesItsOwnOverride() async {
        let report = await overrideFromManyTasksAtOnce(Self.taskCount)

        if report.missedTheirOwn > 0 {
            Issue.record("\(report.summary). \(await whyOverridesGoAstray())")
        }
    }
}
