import Chapter3
import Foundation
import Testing
import WorkbookSupport

@Suite("A store on a folder finds every user saved there, whatever their names")
struct AnyNameRuleTests {
    @Test("Whatever the names, a store finds exactly the users saved in its folder, each under its own name")
    func anyNameIsKept() async {
        await expectRule(
            "every user saved into a folder, by any store on it, is found by a new store on that folder under "
                + "its exact name, and nobody else is: names that differ only in case are two users, and a name "
                + "may hold any character (a slash, dots, spaces, accents)",
            boundaries: NamesScenario.boundaries,
            generated: 60,
            generate: NamesScenario.init(using:),
            shrink: { $0.smaller },
            tell: { $0.told },
            check: { scenario in
                try await withTemporaryFolder("chapter3-names") { folder in
                    try scenario.firstDifference(in: folder)
                }
            }
        )
    }
}

/// Users saved into one folder, each through a new store, then looked up through another.
struct NamesScenario: Sendable {
    /// Names a learner's file naming must survive: separators, dots, case, spaces, accents.
    static let names = [
        "Ada", "ada", "ADA", "a/b", "../Ada", ".", "..", "", " ", "Ada Lovelace", "Zoë", "名前", "a\\b", "user-Ada",
        "Ada.json",
    ]

    enum Step: Equatable, Sendable {
        case save(name: Int)
        case look(name: Int)
    }

    var steps: [Step]

    /// Always checked: a name with a slash; two names that differ only in case; the dot names;
    /// names with an accent, another script, a backslash.
    static let boundaries: [NamesScenario] = [
        NamesScenario(steps: [.save(name: 3), .look(name: 3)]),
        NamesScenario(steps: [.save(name: 0), .look(name: 1), .save(name: 1), .look(name: 0), .look(name: 1)]),
        NamesScenario(steps: [.save(name: 5), .save(name: 6), .look(name: 5), .look(name: 6), .look(name: 7)]),
        NamesScenario(steps: [.save(name: 10), .save(name: 11), .save(name: 12), .look(name: 10), .look(name: 12)]),
    ]

    init(steps: [Step]) {
        self.steps = steps
    }

    init(using random: inout SeededRandom) {
        steps = (0..<random.intNearEdges(in: 1...8)).map { _ in
            let name = random.int(in: 0...(Self.names.count - 1))
            return random.chance(0.5) ? .save(name: name) : .look(name: name)
        }
    }

    /// Runs the steps in `folder`; the first answer that differs from the users saved so far, in
    /// words, or `nil`.
    func firstDifference(in folder: URL) throws -> String? {
        var saved: Set<String> = []
        for (number, step) in zip(1..., steps) {
            switch step {
            case .save(let index):
                let name = Self.names[index]
                do {
                    try UserStorage(folder: folder).saveUser(User(name: name))
                } catch {
                    return "at step \(number), saving a user named \(Self.quoted(name)) threw: \(error)."
                }
                let written = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                if written.isEmpty {
                    return "at step \(number), a user named \(Self.quoted(name)) was saved, and nothing was written "
                        + "into the store's folder: `init(folder:)` ignores the folder it is given."
                }
                saved.insert(name)
            case .look(let index):
                let name = Self.names[index]
                let found = try UserStorage(folder: folder).fetchUser(named: name)
                if saved.contains(name), found != User(name: name) {
                    return "at step \(number), a new store on the folder "
                        + (found.map { "found \(Self.quoted($0.name))" } ?? "found nobody")
                        + " when asked for \(Self.quoted(name)), who was saved there."
                }
                if !saved.contains(name), let found {
                    return "at step \(number), a new store on the folder found \(Self.quoted(found.name)) when "
                        + "asked for \(Self.quoted(name)), who was never saved: two names share a file."
                }
            }
        }
        return nil
    }

    var smaller: [NamesScenario] {
        Shrink.sequence(steps).map { NamesScenario(steps: $0) }
    }

    var told: String {
        numberedSteps(
            steps.map { step in
                switch step {
                case .save(let index): "A new store on the folder saves a user named \(Self.quoted(Self.names[index]))."
                case .look(let index):
                    "A new store on the folder is asked for \(Self.quoted(Self.names[index]))."
                }
            })
    }

    /// A name as the messages show it.
    static func quoted(_ name: String) -> String { "\"\(name)\"" }
}
