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

        if report.sawAnotherTasksOverride > 0 {
            Issue.record(
                """
                \(report.sawAnotherTasksOverride) of \(report.tasks) tasks overrode Current at the same moment \
                and saw another task's override. Current is one environment for the whole process: the last \
                task to override it wins, for everybody. Swift Testing runs tests in parallel, so two tests \
                that override Current replace each other's overrides, however well each access is locked. \
                Give every task its own environment: make Current task-local.
                """)
        } else {
            #expect(
                report.sawNoOverride == 0,
                """
                \(report.sawNoOverride) of \(report.tasks) tasks overrode Current and, inside their own \
                withEnvironment, did not see their override at all. withEnvironment must run its operation \
                with the changed environment bound: `$current.withValue(changed, operation: operation)`.
                """)
        }
    }
}
