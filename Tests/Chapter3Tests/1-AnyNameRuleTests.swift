import Chapter3
import Foundation
import Testing
import WorkbookSupport

@Suite("A store on a folder finds every user saved there, whatever their names")
struct AnyNameRuleTests {
    @Test("Whatever the names, every store on a folder finds exactly the users saved there, each under its own name")
    func anyNameIsKept() async {
        await expectRule(
            "every user saved into a folder, by any store on it, is found under its exact name by every store on "
                + "that folder, opened before the save or after it, asked before or not, and nobody else is: names "
                + "that differ only in case are two users, and a name may hold any character (a slash, dots, "
                + "spaces, accents)",
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

/// Users saved into one folder and looked up, each time through one of two stores opened at the
/// start, or through a new store.
struct NamesScenario: Sendable {
    /// Names a learner's file naming must survive: separators, dots, case, spaces, accents.
    static let names = [
        "Ada", "ada", "ADA", "a/b", "../Ada", ".", "..", "", " ", "Ada Lovelace", "Zoë", "名前", "a\\b", "user-Ada",
        "Ada.json",
    ]

    enum Step: Equatable, Sendable {
        case save(name: Int, by: Int)
        case look(name: Int, by: Int)
    }

    /// Stores 0 and 1 are opened when the scenario starts, before any save; `newStore` is a store
    /// opened for that step alone.
    static let newStore = 2

    var steps: [Step]

    /// Always checked: a name with a slash; two names that differ only in case; the dot names;
    /// names with an accent, another script, a backslash; a store asked before another store on
    /// its folder saves that user, then asked again; a store that saves, then looks.
    static let boundaries: [NamesScenario] = [
        NamesScenario(steps: [.save(name: 3, by: newStore), .look(name: 3, by: newStore)]),
        NamesScenario(steps: [
            .save(name: 0, by: newStore), .look(name: 1, by: newStore), .save(name: 1, by: newStore),
            .look(name: 0, by: newStore), .look(name: 1, by: newStore),
        ]),
        NamesScenario(steps: [
            .save(name: 5, by: newStore), .save(name: 6, by: newStore), .look(name: 5, by: newStore),
            .look(name: 6, by: newStore), .look(name: 7, by: newStore),
        ]),
        NamesScenario(steps: [
            .save(name: 10, by: newStore), .save(name: 11, by: newStore), .save(name: 12, by: newStore),
            .look(name: 10, by: newStore), .look(name: 12, by: newStore),
        ]),
        NamesScenario(steps: [.look(name: 0, by: 0), .save(name: 0, by: 1), .look(name: 0, by: 0)]),
        NamesScenario(steps: [.save(name: 0, by: 0), .look(name: 0, by: 0), .look(name: 0, by: 1)]),
    ]

    init(steps: [Step]) {
        self.steps = steps
    }

    init(using random: inout SeededRandom) {
        steps = (0..<random.intNearEdges(in: 1...8)).map { _ in
            let name = random.int(in: 0...(Self.names.count - 1))
            let store = random.int(in: 0...Self.newStore)
            return random.chance(0.5) ? .save(name: name, by: store) : .look(name: name, by: store)
        }
    }

    /// Runs the steps in `folder`; the first answer that differs from the users saved so far, in
    /// words, or `nil`.
    func firstDifference(in folder: URL) throws -> String? {
        var saved: Set<String> = []
        let opened = [UserStorage(folder: folder), UserStorage(folder: folder)]
        func store(_ index: Int) -> UserStorage { index < opened.count ? opened[index] : UserStorage(folder: folder) }
        for (number, step) in zip(1..., steps) {
            switch step {
            case .save(let index, let by):
                let name = Self.names[index]
                do {
                    try store(by).saveUser(User(name: name))
                } catch {
                    return "at step \(number), saving a user named \(Self.quoted(name)) threw: \(error)."
                }
                let written = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                if written.isEmpty {
                    return "at step \(number), a user named \(Self.quoted(name)) was saved, and nothing was written "
                        + "into the store's folder: `init(folder:)` ignores the folder it is given."
                }
                saved.insert(name)
            case .look(let index, let by):
                let name = Self.names[index]
                let found = try store(by).fetchUser(named: name)
                if saved.contains(name), found != User(name: name) {
                    return "at step \(number), \(Self.storeName(by)) "
                        + (found.map { "found \(Self.quoted($0.name))" } ?? "found nobody")
                        + " when asked for \(Self.quoted(name)), who was saved there: the folder is the truth, "
                        + "read on every fetch."
                }
                if !saved.contains(name), let found {
                    return "at step \(number), \(Self.storeName(by)) found \(Self.quoted(found.name)) when "
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
        let opensStores = steps.contains {
            switch $0 {
            case .save(_, let by), .look(_, let by): by != Self.newStore
            }
        }
        return (opensStores ? "Stores A and B are opened on the folder.\n" : "")
            + numberedSteps(
                steps.map { step in
                    switch step {
                    case .save(let index, let by):
                        "\(Self.storeName(by).capitalizedFirst) saves a user named \(Self.quoted(Self.names[index]))."
                    case .look(let index, let by):
                        "\(Self.storeName(by).capitalizedFirst) is asked for \(Self.quoted(Self.names[index]))."
                    }
                })
    }

    static func storeName(_ index: Int) -> String {
        index == newStore ? "a new store on the folder" : "store \(index == 0 ? "A" : "B")"
    }

    /// A name as the messages show it.
    static func quoted(_ name: String) -> String { "\"\(name)\"" }
}

extension String {
    /// The text with its first letter in capitals: "a new store" → "A new store".
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
