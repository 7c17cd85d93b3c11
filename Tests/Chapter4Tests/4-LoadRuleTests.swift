import Chapter4
import Foundation
import Testing
import WorkbookSupport

@testable import Chapter4TestDoubles

@Suite("Every load does its work once, on the screen's own singleton")
@MainActor
struct LoadRuleTests {
    @Test(
        "However many screens, in whatever order, each load sets the value and does the work once on its screen's instance"
    )
    func everyLoadCounts() async throws {
        // Built once: if the stub is no subclass yet, that is the one thing to say.
        _ = try scarySingleton(standingIn: ScarySingletonStub())
        await expectRule(
            "making a screen does nothing to its singleton; each load of a screen, the first and every one after "
                + "it, sets the singleton it was given to the screen's user and asks it for the important work once",
            boundaries: LoadScenario.boundaries,
            generated: 40,
            generate: LoadScenario.init(using:),
            shrink: { $0.smaller },
            tell: { $0.told },
            check: { scenario in
                try scenario.firstDifference()
            }
        )
    }
}

/// Some screens, each given a stub of its own, and the order in which they load.
struct LoadScenario: Sendable {
    /// The user of each screen, by index: two screens may have the same user.
    var users: [String]
    /// Which screen loads, step by step.
    var loads: [Int]

    /// An empty name too: the screen sends whatever its user is called.
    static let names = ["Ada", "Grace", "Alan", ""]

    /// Always checked: a second load; the same user on two screens; three loads of one screen
    /// between another's; a user with an empty name.
    static let boundaries: [LoadScenario] = [
        LoadScenario(users: ["Ada"], loads: [0, 0]),
        LoadScenario(users: ["Ada", "Ada"], loads: [0, 1]),
        LoadScenario(users: ["Ada", "Grace"], loads: [0, 1, 0, 0, 1]),
        LoadScenario(users: ["Ada"], loads: []),
        LoadScenario(users: [""], loads: [0, 0]),
    ]

    init(users: [String], loads: [Int]) {
        self.users = users
        self.loads = loads
    }

    init(using random: inout SeededRandom) {
        users = (0..<random.int(in: 1...3)).map { _ in random.pick(Self.names) }
        let screens = users.count
        loads = (0..<random.intNearEdges(in: 0...6)).map { _ in random.int(in: 0...(screens - 1)) }
    }

    @MainActor
    func firstDifference() throws -> String? {
        let stubs = users.map { _ in ScarySingletonStub() }
        let standIns = try stubs.map { try scarySingleton(standingIn: $0) }
        // A name of this run's own: the tests share the real singleton, and run side by side.
        let run = UUID().uuidString
        let screens = users.indices.map {
            ProfileScreen(userName: users[$0].isEmpty ? "" : "\(users[$0]) \(run)", scarySingleton: standIns[$0])
        }
        for (index, stub) in stubs.enumerated()
        where stub.doSomethingImportantCallCount != 0 || standIns[index].importantValue != nil {
            return "making screen \(index + 1), before any load, already set its singleton to "
                + "\(standIns[index].importantValue.map { "\"\($0.replacingOccurrences(of: " \(run)", with: ""))\"" } ?? "nothing") "
                + "and asked it for the work \(stub.doSomethingImportantCallCount) time(s). The work belongs in load()."
        }
        var expectedCounts = users.map { _ in 0 }
        for (step, screen) in zip(1..., loads) {
            screens[screen].load()
            expectedCounts[screen] += 1
            for index in users.indices {
                let counted = stubs[index].doSomethingImportantCallCount
                if counted != expectedCounts[index] {
                    return "after load \(step) (screen \(screen + 1)), screen \(index + 1)'s singleton was asked for "
                        + "the work \(counted) time(s) instead of \(expectedCounts[index])."
                }
                let value = standIns[index].importantValue
                if expectedCounts[index] > 0, value != screens[index].userName {
                    return "after load \(step), screen \(index + 1)'s singleton holds "
                        + "\(value.map { "\"\($0.replacingOccurrences(of: " \(run)", with: ""))\"" } ?? "nothing") "
                        + "instead of its user, \"\(users[index])\"."
                }
            }
        }
        return nil
    }

    var smaller: [LoadScenario] {
        Shrink.removingSteps(loads).map { LoadScenario(users: users, loads: $0) }
            + (users.count > 1 && loads.allSatisfy({ $0 < users.count - 1 })
                ? [LoadScenario(users: Array(users.dropLast()), loads: loads)] : [])
    }

    var told: String {
        let made = users.enumerated().map {
            "screen \($0.offset + 1) for \($0.element.isEmpty ? "a user whose name is empty" : $0.element)"
        }.joined(separator: ", ")
        return "Each screen is given a stub of its own: \(made).\n"
            + numberedSteps(loads.map { "Screen \($0 + 1) loads." })
    }
}
