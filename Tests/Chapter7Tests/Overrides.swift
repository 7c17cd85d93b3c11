import Chapter7
import Foundation
import Testing
import WorkbookSupport

/// What one task saw when it read `Current` inside its own override.
enum Sighting: Sendable {
    case itsOwnOverride
    case anotherTasksOverride
    /// No override at all: the environment `Current` has without one.
    case noOverride
}

/// How a crowd of tasks fared that each overrode `Current` at the same moment.
struct CrowdReport {
    var tasks = 0
    var sawAnotherTasksOverride = 0
    var sawNoOverride = 0

    /// Tasks that did not see their own override inside it, whatever they saw instead.
    var missedTheirOwn: Int { sawAnotherTasksOverride + sawNoOverride }

    /// What the crowd saw, in one sentence.
    var summary: String {
        """
        \(missedTheirOwn) of \(tasks) tasks that overrode Current at the same moment did not see their own \
        override inside it (\(sawAnotherTasksOverride) saw another task's, \(sawNoOverride) saw none)
        """
    }
}

/// Starts `count` tasks that each override `getUserForId` with a user of their own, wait until all
/// of them have, read `Current`, and wait until all have read before their scopes end. Every task
/// looks while all the overrides are in place, so with one environment for the whole process
/// almost every task sees another's override, on every run; with an environment per task, none
/// does. It never waits long: a `Rendezvous` gives up after two seconds.
func overrideFromManyTasksAtOnce(_ count: Int) async -> CrowdReport {
    let overridesInPlace = Rendezvous(expecting: count)
    let everyoneLooked = Rendezvous(expecting: count)
    return await withTaskGroup(of: Sighting.self) { group in
        for number in 1...count {
            group.addTask {
                let mine = User.unique("\(crowdMarker) \(number)")
                return await withEnvironment {
                    $0.getUserForId = { _ in mine }
                } operation: {
                    await overridesInPlace.arrive()
                    let seen = Current.getUserForId(mine.id)
                    await everyoneLooked.arrive()
                    if seen == mine { return .itsOwnOverride }
                    return seen?.name.hasPrefix(crowdMarker) == true ? .anotherTasksOverride : .noOverride
                }
            }
        }
        var report = CrowdReport()
        for await sighting in group {
            report.tasks += 1
            switch sighting {
            case .itsOwnOverride: break
            case .anotherTasksOverride: report.sawAnotherTasksOverride += 1
            case .noOverride: report.sawNoOverride += 1
            }
        }
        return report
    }
}

/// The start of every user name the crowd's overrides hand out.
private let crowdMarker = "The user of crowd task"

/// Checks, before a test overrides anything, that overrides stay in the task that makes them.
/// When they do not, `Current` is one value for the whole process: tests running at the same time
/// replace each other's overrides, and whatever the test checks next would pass or fail by chance.
/// So the test records that cause, always at the same place, and stops.
func overridesStayInTheirTask(sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
    let report = await overrideFromManyTasksAtOnce(8)
    guard report.missedTheirOwn > 0 else { return true }
    Issue.record(
        """
        This test needs Step 2 first. \(report.summary). \(await whyOverridesGoAstray()) Until then, \
        nothing this test checks would give the same answer twice.
        """, sourceLocation: sourceLocation)
    return false
}

/// Why tasks did not see their own overrides, told by one more look: whether an override shows in
/// a task that is not the overriding task's child. Any task seeing it settles it; a task-local
/// `Current` never shows it. One look could miss, because other tests override `Current` in between
/// when it is one value for the process, so it looks several times.
func whyOverridesGoAstray() async -> String {
    for _ in 1...20 {
        let marker = User.unique("The user of the leak probe")
        let seenOutside = await withEnvironment {
            $0.getUserForId = { _ in marker }
        } operation: {
            await Task.detached { Current.getUserForId(marker.id) }.value
        }
        if seenOutside == marker {
            return """
                An override made in one task showed in a task that was not its child: Current is one \
                environment for the whole process, so the last task to override it wins for everybody, \
                however well each access is locked, and Swift Testing runs tests in parallel. Give every \
                task its own environment: make Current task-local.
                """
        }
    }
    return """
        An override did not show in other tasks, and it did not show inside its own operation either: \
        withEnvironment does not run its operation with the changed environment in place. Bind it for \
        exactly the length of the operation, as `$current.withValue(changed, operation: operation)` does.
        """
}
