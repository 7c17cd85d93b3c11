import Chapter7
import Foundation
import Testing

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
    guard report.sawAnotherTasksOverride > 0 else { return true }
    Issue.record(
        """
        This test needs Step 2 first. \(report.sawAnotherTasksOverride) of \(report.tasks) tasks that overrode \
        Current at the same moment saw another task's override: Current is one environment for the \
        whole process, so tests running at the same time replace each other's overrides, and nothing \
        this test checks would give the same answer twice. Give every task its own environment: make \
        Current task-local.
        """, sourceLocation: sourceLocation)
    return false
}
