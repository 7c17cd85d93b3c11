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

/// Some screens, each given a stub of its own or all given one, and the order in which they load.
struct LoadScenario: Sendable {
    /// The user of each screen, by index: two screens may have the same user.
    var users: [String]
    /// Which screen loads, step by step.
    var loads: [Int]
    /// Whether every screen is given the same stub, as a test may hand one stub to two screens:
    /// then the stub holds the user of the screen that loaded last.
    var sharesOneStub = false

    /// An empty name too, and names with a space or a line break at an end: the screen sends
    /// whatever its user is called, exactly.
    static let names = ["Ada", "Grace", "Alan", "", " Ada ", "Zoë\n"]

    /// Always checked: a second load; the same user on two screens; three loads of one screen
    /// between another's; a user with an empty name; names with white space at their ends.
    static let boundaries: [LoadScenario] = [
        LoadScenario(users: ["Ada"], loads: [0, 0]),
        LoadScenario(users: ["Ada", "Ada"], loads: [0, 1]),
        LoadScenario(users: ["Ada", "Grace"], loads: [0, 1, 0, 0, 1]),
        LoadScenario(users: ["Ada"], loads: []),
        LoadScenario(users: [""], loads: [0, 0]),
        LoadScenario(users: [" Ada ", "Zoë\n"], loads: [0, 1]),
        LoadScenario(users: ["Ada", "Grace"], loads: [0, 1, 0], sharesOneStub: true),
    ]

    init(users: [String], loads: [Int], sharesOneStub: Bool = false) {
        self.users = users
        self.loads = loads
        self.sharesOneStub = sharesOneStub
    }

    init(using random: inout SeededRandom) {
        users = (0..<random.int(in: 1...3)).map { _ in random.pick(Self.names) }
        let screens = users.count
        loads = (0..<random.intNearEdges(in: 0...6)).map { _ in random.int(in: 0...(screens - 1)) }
        sharesOneStub = screens > 1 && random.int(in: 0...2) == 0
    }

    /// Which stub `screen` is given.
    func stub(of screen: Int) -> Int { sharesOneStub ? 0 : screen }

    /// How a failure names the singleton behind stub `index`.
    func singleton(_ index: Int) -> String {
        sharesOneStub ? "the singleton the screens share" : "screen \(index + 1)'s singleton"
    }

    @MainActor
    func firstDifference() throws -> String? {
        let stubs = (0..<(sharesOneStub ? 1 : users.count)).map { _ in ScarySingletonStub() }
        let standIns = try stubs.map { try scarySingleton(standingIn: $0) }
        // A name of this run's own: the tests share the real singleton, and run side by side.
        let run = UUID().uuidString
        let shown = { (value: String?) in
            value.map { $0.replacingOccurrences(of: " \(run)", with: "").debugDescription } ?? "nothing"
        }
        // The run's name goes after the user's, unless the user's ends in white space: a screen
        // that trims the name must be seen doing it.
        let marked = { (name: String) in name.isEmpty || name.last?.isWhitespace == true ? name : "\(name) \(run)" }
        let screens = users.indices.map {
            ProfileScreen(userName: marked(users[$0]), scarySingleton: standIns[stub(of: $0)])
        }
        for (index, stub) in stubs.enumerated()
        where stub.doSomethingImportantCallCount != 0 || standIns[index].importantValue != nil {
            return "making the screens, before any load, already set \(singleton(index)) to "
                + "\(shown(standIns[index].importantValue)) and asked it for the work "
                + "\(stub.doSomethingImportantCallCount) time(s). The work belongs in load()."
        }
        var expectedCounts = stubs.map { _ in 0 }
        var expectedUsers: [Int?] = stubs.map { _ in nil }
        for (step, screen) in zip(1..., loads) {
            screens[screen].load()
            expectedCounts[stub(of: screen)] += 1
            expectedUsers[stub(of: screen)] = screen
            for index in stubs.indices {
                let counted = stubs[index].doSomethingImportantCallCount
                if counted != expectedCounts[index] {
                    return "after load \(step) (screen \(screen + 1)), \(singleton(index)) was asked for "
                        + "the work \(counted) time(s) instead of \(expectedCounts[index])."
                }
                let value = standIns[index].importantValue
                if let user = expectedUsers[index], value != screens[user].userName {
                    return "after load \(step), \(singleton(index)) holds \(shown(value)) instead of the user "
                        + "of the screen that loaded it last, \(users[user].debugDescription)."
                }
            }
        }
        return nil
    }

    var smaller: [LoadScenario] {
        Shrink.removingSteps(loads).map { LoadScenario(users: users, loads: $0, sharesOneStub: sharesOneStub) }
            + (users.count > 1 && loads.allSatisfy({ $0 < users.count - 1 })
                ? [LoadScenario(users: Array(users.dropLast()), loads: loads, sharesOneStub: sharesOneStub)] : [])
            + (sharesOneStub ? [LoadScenario(users: users, loads: loads)] : [])
    }

    var told: String {
        let made = users.enumerated().map {
            "screen \($0.offset + 1) for \($0.element.isEmpty ? "a user whose name is empty" : $0.element.debugDescription)"
        }.joined(separator: ", ")
        return (sharesOneStub ? "Every screen is given the same stub: " : "Each screen is given a stub of its own: ")
            + "\(made).\n"
            + numberedSteps(loads.map { "Screen \($0 + 1) loads." })
    }
}
