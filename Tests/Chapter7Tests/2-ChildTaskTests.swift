import Chapter7
import Foundation
import Testing
import WorkbookSupport

@Suite("An override reaches the tasks started inside its scope, and only those")
struct ChildTaskTests {
    @Test("An override reaches the tasks started inside its scope and no task outside it, and nested overrides keep it")
    func reachesChildTasksOnly() async {
        guard await overridesStayInTheirTask() else { return }
        let mine = User.unique("Override")
        let laterMoment = Date(timeIntervalSince1970: 1_800_000_000)
        let overrideInPlace = Rendezvous(expecting: 2)
        let bystanderLooked = Rendezvous(expecting: 2)

        // Started before the override, so it runs next to the scope, not inside it, like the work of
        // another test running at the same time.
        async let bystanderSawTheOverride: Bool = {
            await overrideInPlace.arrive()
            let seen = Current.getUserForId(mine.id)
            await bystanderLooked.arrive()
            return seen == mine
        }()

        let inside = await withEnvironment {
            $0.getUserForId = { _ in mine }
        } operation: {
            await overrideInPlace.arrive()
            let fromChildTasks = await Self.lookFromChildTasks(for: mine.id)
            let nested = await withEnvironment {
                $0.now = { laterMoment }
            } operation: {
                (user: Current.getUserForId(mine.id), now: Current.now())
            }
            // The override stays in place until the bystander has looked.
            await bystanderLooked.arrive()
            return (fromChildTasks: fromChildTasks, nested: nested)
        }

        #expect(
            await !bystanderSawTheOverride,
            """
            A task running outside withEnvironment saw its override. An override belongs to the task \
            that makes it and to the tasks it starts, and to nobody else: another test running at the \
            same time must keep its own environment.
            """)
        let missedBy = inside.fromChildTasks.filter { $0.value != mine.name }.keys.sorted()
        #expect(
            missedBy.isEmpty,
            """
            Tasks started inside withEnvironment did not see its override: \(missedBy.joined(separator: ", ")). \
            An override must reach every task started inside its scope, as a task-local value does: \
            async let, task groups and Task {} inherit it.
            """)
        #expect(inside.nested.now == laterMoment, "A nested withEnvironment did not change the clock it was asked to.")
        #expect(
            inside.nested.user == mine,
            """
            Inside an override of the user lookup, a nested withEnvironment that changed only the clock \
            lost the user lookup. The inner scope started from `.live` (or some other fresh environment) \
            instead of the environment in force. Start from `Current`, so that a nested override keeps \
            everything it does not change: the trait's override, the outer test's override.
            """)
    }

    /// The name of the user each kind of child task finds for `id`, keyed by the kind of task.
    private static func lookFromChildTasks(for id: Int64) async -> [String: String?] {
        async let fromAsyncLet = Current.getUserForId(id)?.name
        let fromGroup = await withTaskGroup(of: String?.self) { group in
            for _ in 1...3 {
                group.addTask { Current.getUserForId(id)?.name }
            }
            var names: [String?] = []
            for await name in group { names.append(name) }
            return names
        }
        let fromTask = await Task { Current.getUserForId(id)?.name }.value

        var seen: [String: String?] = ["async let": await fromAsyncLet, "Task {}": fromTask]
        for (index, name) in fromGroup.enumerated() {
            seen["task group child \(index + 1)"] = name
        }
        return seen
    }
}
