import Chapter7
import Foundation
import Testing

@Suite("An override reaches the tasks started inside its scope, and only those")
struct ChildTaskTests {
    /// How often the test tries. With one process-wide environment the leak shows in every round,
    /// unless another test's override happens to land at that very instant: to hide the leak, that
    /// would have to happen ten times in a row.
    static let rounds = 10

    @Test("An override reaches the tasks started inside its scope, and no task outside it")
    func reachesChildTasksOnly() async {
        var missedBy: Set<String> = []
        var roundsWithALeak = 0

        for _ in 1...Self.rounds {
            let mine = User.unique("Override")
            let overrideInPlace = Rendezvous(expecting: 2)
            let bystanderLooked = Rendezvous(expecting: 2)

            // Started before the override, so it runs next to the scope, not inside it, like the
            // work of another test running at the same time.
            async let bystanderSawTheOverride: Bool = {
                await overrideInPlace.arrive()
                let seen = Current.getUserForId(mine.id)
                await bystanderLooked.arrive()
                return seen?.name == mine.name
            }()

            let seenInside = await withEnvironment {
                $0.getUserForId = { _ in mine }
            } operation: {
                await overrideInPlace.arrive()
                let seen = await Self.lookFromChildTasks(for: mine.id)
                // The override stays in place until the bystander has looked.
                await bystanderLooked.arrive()
                return seen
            }

            missedBy.formUnion(seenInside.filter { $0.value != mine.name }.keys)
            if await bystanderSawTheOverride { roundsWithALeak += 1 }
        }

        #expect(
            roundsWithALeak == 0,
            """
            In \(roundsWithALeak) of \(Self.rounds) rounds, a task running outside withEnvironment saw its \
            override. The environment is one process-wide value, so an override leaks to every task \
            in the app, other tests included. Bind it to the task instead: make Current task-local.
            """)
        #expect(
            missedBy.isEmpty,
            """
            Tasks started inside withEnvironment did not see its override: \
            \(missedBy.sorted().joined(separator: ", ")). An override must reach every task started \
            inside its scope, as a task-local value does: async let, task groups and Task {} inherit \
            it. (With one process-wide environment, another test's override can replace this one at \
            any moment.)
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
