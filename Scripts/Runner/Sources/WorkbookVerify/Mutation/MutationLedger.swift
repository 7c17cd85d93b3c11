import Foundation
import WorkbookCore

/// A chapter's mutation ledger, `Solutions/ChapterN-…/MUTANTS.md`: what the last full mutation
/// sweep of the reference solution found (the fingerprints of the solution and tests it was made
/// from, the score) and every mutant that survived it, each with why it is equivalent to the
/// solution, which a maintainer writes. `./Scripts/verify --mutants N --write-ledger` writes it,
/// keeping the reasons of survivors whose identifier did not change; `./Scripts/verify` checks it
/// is current and that no survivor is left without a reason.
struct MutationLedger: Sendable, Equatable {
    static let fileName = "MUTANTS.md"
    static let todo = "TODO: kill it or say why it is equivalent"
    /// What the chapter's entry in `Package.swift` says when the solution has a ledger (so that
    /// the solution's target leaves the file out).
    static let manifestFlag = "hasMutationLedger: true"
    /// The test helpers every chapter's tests use, part of what a sweep was made from.
    static let sharedTestSupport = "Tests/WorkbookSupport"

    /// SHA-256 digests of what a sweep was made from.
    struct Fingerprint: Sendable, Equatable {
        /// The solution's Swift files, `TestDoubles/` included, the catalogue not.
        var solution: String
        /// The chapter's test files and the shared test helpers they use.
        var tests: String
        /// The list of mutants the mutator makes of them (so a new operator, or a change to the
        /// starter that moves the learner's lines, asks for a new sweep).
        var mutants: String = ""
    }

    /// How the mutants of one scope fared.
    struct Score: Sendable, Equatable {
        var mutants = 0
        var killedByCompiler = 0
        var killedByTests = 0
        var survived = 0
        /// Survivors that are not equivalent: a real difference no test can see (their reason
        /// starts with ``MutationLedger/gapPrefix``).
        var gaps = 0
        /// Survivors in given code that the chapter leaves untested on purpose, as its lesson says
        /// (their reason starts with ``MutationLedger/notUnderTestPrefix``): not equivalent, and
        /// not counted in the score, which is about the code the tests are there to judge.
        var notUnderTest = 0

        /// The mutants that compiled, which the tests had a chance to kill.
        var compiled: Int { killedByTests + survived }
        /// The mutants a test should kill: those that compiled and are not equivalent.
        var nonEquivalent: Int { killedByTests + gaps }
        var percent: Int {
            nonEquivalent == 0 ? 100 : Int((Double(killedByTests) * 100 / Double(nonEquivalent)).rounded(.down))
        }

        /// "45 of 46 (97%)": of the non-equivalent mutants, how many a test kills.
        var summary: String { "\(killedByTests) of \(nonEquivalent) (\(percent)%)" }

        static func + (a: Score, b: Score) -> Score {
            Score(
                mutants: a.mutants + b.mutants, killedByCompiler: a.killedByCompiler + b.killedByCompiler,
                killedByTests: a.killedByTests + b.killedByTests, survived: a.survived + b.survived,
                gaps: a.gaps + b.gaps, notUnderTest: a.notUnderTest + b.notUnderTest)
        }
    }

    struct Survivor: Sendable, Equatable {
        var id: String
        var scope: Mutant.Scope = .given
        var reason: String

        var isGap: Bool { reason.hasPrefix(MutationLedger.gapPrefix) }
        var isNotUnderTest: Bool { reason.hasPrefix(MutationLedger.notUnderTestPrefix) }
    }

    /// A survivor's reason that starts so is not equivalent: a real difference that no test can see,
    /// said with why (it counts against the score).
    static let gapPrefix = "Gap:"
    /// A survivor's reason that starts so is a real difference in given code that the chapter does
    /// not test, and its lesson says so (never on the learner's lines).
    static let notUnderTestPrefix = "Not under test:"
    /// At least this share of the non-equivalent mutants on the learner's lines are killed.
    static let learnerTarget = 95

    /// One operator's count in the last sweep (written, not read back).
    struct OperatorRow: Sendable, Equatable {
        var kind: Mutant.Kind
        var learnerMade = 0
        var learnerKilled = 0
        var givenMade = 0
        var givenKilled = 0
    }

    var fingerprint: Fingerprint
    var learner: Score
    var given: Score
    var survivors: [Survivor]
    var operators: [OperatorRow] = []

    static func path(of chapter: Chapter) -> String { "\(chapter.solutionFolder)/\(fileName)" }

    /// The fingerprints of the chapter's solution, tests and mutants as they are in `workbook`:
    /// each the SHA-256 of a `sha256sum` list of the files (`Tests/SHA256SUMS`'s format), or of the
    /// mutants' scopes and names, a line each.
    static func fingerprint(of chapter: Chapter, in workbook: Workbook) -> Fingerprint {
        func digest(_ folders: [String], _ include: (String) -> Bool) -> String {
            var hashes: [String: String] = [:]
            for (path, file) in FileTree.files(in: folders, of: workbook, where: include) {
                if let data = FileManager.default.contents(atPath: file) { hashes[path] = SHA256.hex(data) }
            }
            return SHA256.hex(Array(TestHashes.render(hashes).utf8))
        }
        let mutants = MutationSweep.mutants(of: chapter, in: workbook).map { "\($0.scope.rawValue) \($0.id)\n" }
        return Fingerprint(
            solution: digest([chapter.solutionFolder]) { $0.hasSuffix(".swift") && !$0.hasPrefix("Catalogue/") },
            // The course's shared test helpers too: a change to a meeting or a time limit there can
            // change which mutants a chapter's tests kill.
            tests: digest([chapter.testsFolder, Self.sharedTestSupport]) { $0.hasSuffix(".swift") },
            mutants: SHA256.hex(Array(mutants.joined().utf8)))
    }

    /// The scores with the gaps counted from the survivors' reasons.
    var scores: (learner: Score, given: Score) {
        var learner = self.learner
        var given = self.given
        learner.gaps = survivors.count { $0.scope == .learner && $0.isGap }
        given.gaps = survivors.count { $0.scope == .given && $0.isGap }
        given.notUnderTest = survivors.count { $0.scope == .given && $0.isNotUnderTest }
        return (learner, given)
    }

    // MARK: - The page

    func render(chapter: Chapter) -> String {
        let cell = { (text: String) in text.replacingOccurrences(of: "|", with: "\\|") }
        let (learner, given) = scores
        func line(_ name: String, _ score: Score) -> String {
            "- \(name): \(score.mutants) mutants; killed by the compiler: \(score.killedByCompiler); killed by a test: "
                + "\(score.killedByTests); survived: \(score.survived), \(score.gaps) of them a gap"
                + (score.notUnderTest > 0 ? ", \(score.notUnderTest) not under test" : "") + "; score: "
                + "\(score.summary) of the mutants that compile and are not equivalent are killed by a test"
        }
        var text = """
            # Chapter \(chapter.number) · Mutants of the reference solution

            What the mutation sweep of `\(chapter.solutionFolder)/` found. Each mutant is one
            small change to one of its files, built and tested against the chapter's tests. On
            every line: an operator, a literal, a removed call or `await`, two statements swapped.
            On the lines the learner writes (those the starter does not have), also the course's
            own mistakes: a step undone, the singleton reached for instead of what was injected,
            an isolation or a task-local binding lost, an error swallowed, `weak` dropped, a way
            in opened (`private(set)` gone, an initialiser or a static made `public`), debug-only
            code shipped, a default argument lost, a dictionary keyed by another field, a
            statement moved across an `await`, a computed property read once, an actor made a
            class (or a class an actor). Each
            mutant is tested in a temporary directory of its own; one that survives is built again
            (its module from nothing) and run again, then tried in the app world (an Xcode 26 app
            target's settings). Written by
            `./Scripts/verify --mutants \(chapter.number) --write-ledger`; `./Scripts/verify`
            checks that it is current and that every survivor has its reason.

            - Solution: `\(fingerprint.solution)`
            - Tests: `\(fingerprint.tests)`
            - Mutants made: `\(fingerprint.mutants)`
            \(line("The learner's lines", learner))
            \(line("Given code", given))


            """
        if !operators.isEmpty {
            text += """
                ## By operator

                Killed means by a test or by the compiler.

                | Operator | Learner's lines: killed of made | Given code: killed of made |
                |---|---|---|

                """
            for row in operators {
                func cell(_ killed: Int, _ made: Int) -> String { made == 0 ? "–" : "\(killed) of \(made)" }
                text +=
                    "| \(row.kind.rawValue) | \(cell(row.learnerKilled, row.learnerMade)) | "
                    + "\(cell(row.givenKilled, row.givenMade)) |\n"
            }
            text += "\n"
        }
        text += """
            ## Survivors

            Each survivor is killed by a better test, or listed here with why it survives: most
            are equivalent (no program can tell them from the solution, or only by timing); a
            reason that starts with "\(Self.gapPrefix)" is a real difference no test can see, and
            counts against the score; one that starts with "\(Self.notUnderTestPrefix)" is a real
            difference in given code that the chapter leaves untested on purpose (its lesson says
            which code that is), counted apart.

            """
        if survivors.isEmpty {
            text += "\nNone.\n"
        } else {
            text += "\n| Mutant | Lines | Why it survives |\n|---|---|---|\n"
            for survivor in survivors {
                let lines = survivor.scope == .learner ? "learner's" : "given"
                text += "| `\(cell(survivor.id))` | \(lines) | \(cell(survivor.reason)) |\n"
            }
        }
        return text
    }

    /// Reads a ledger; `nil` when it has no fingerprints.
    static func parse(_ text: String) -> MutationLedger? {
        var solution: String?
        var tests: String?
        var mutants = ""
        var learner = Score()
        var given = Score()
        var survivors: [Survivor] = []
        func score(_ line: Substring) -> Score {
            let numbers = line.matches(of: /: (\d+)/).compactMap { Int($0.1) }
            guard numbers.count >= 4 else { return Score() }
            return Score(
                mutants: numbers[0], killedByCompiler: numbers[1], killedByTests: numbers[2], survived: numbers[3])
        }
        func quoted(_ line: Substring) -> String? {
            let parts = line.split(separator: "`", omittingEmptySubsequences: false)
            return parts.count >= 3 ? String(parts[1]) : nil
        }
        for line in text.split(separator: "\n") {
            if line.hasPrefix("- Solution: ") {
                solution = quoted(line)
            } else if line.hasPrefix("- Tests: ") {
                tests = quoted(line)
            } else if line.hasPrefix("- Mutants made: ") {
                mutants = quoted(line) ?? ""
            } else if line.hasPrefix("- The learner's lines: ") {
                learner = score(line.drop { $0 != ":" })
            } else if line.hasPrefix("- Given code: ") {
                given = score(line.drop { $0 != ":" })
            } else if line.hasPrefix("| `") {
                let cells = cells(of: line)
                guard cells.count >= 2 else { continue }
                let id = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                let scope: Mutant.Scope = cells.count >= 3 && cells[1] == "learner's" ? .learner : .given
                survivors.append(Survivor(id: id, scope: scope, reason: cells[cells.count >= 3 ? 2 : 1]))
            }
        }
        guard let solution, let tests else { return nil }
        return MutationLedger(
            fingerprint: Fingerprint(solution: solution, tests: tests, mutants: mutants), learner: learner,
            given: given, survivors: survivors)
    }

    /// The cells of a table row, with `\|` read as a `|` inside a cell.
    static func cells(of row: Substring) -> [String] {
        var cells: [String] = []
        var current = ""
        var characters = row.trimmingCharacters(in: .whitespaces)[...]
        if characters.first == "|" { characters = characters.dropFirst() }
        while let character = characters.popFirst() {
            if character == "\\", characters.first == "|" {
                current.append(characters.removeFirst())
            } else if character == "|" {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty {
            cells.append(current.trimmingCharacters(in: .whitespaces))
        }
        return cells
    }

    /// A new ledger from a sweep's score and survivors, keeping the reasons `previous` gave the
    /// survivors whose identifier is unchanged; a new survivor gets the TODO.
    static func updated(
        _ previous: MutationLedger?, fingerprint: Fingerprint, learner: Score, given: Score, survivors: [Mutant],
        operators: [OperatorRow] = []
    ) -> MutationLedger {
        let reasons = Dictionary(
            (previous?.survivors ?? []).map { ($0.id, $0.reason) }, uniquingKeysWith: { first, _ in first })
        return MutationLedger(
            fingerprint: fingerprint, learner: learner, given: given,
            survivors: survivors.map { Survivor(id: $0.id, scope: $0.scope, reason: reasons[$0.id] ?? todo) },
            operators: operators)
    }

    // MARK: - Verify's check

    /// What is wrong with the ledgers of `chapters` in `workbook`, and the chapters that have none
    /// (a note, not a failure): a ledger made from other solution sources or tests, a survivor
    /// without a reason, a ledger the chapter's entry in `Package.swift` does not declare.
    static func problems(in workbook: Workbook, chapters: [Chapter]) -> (problems: [String], without: [Chapter]) {
        let manifest =
            (try? String(contentsOf: workbook.root.appendingPathComponent("Package.swift"), encoding: .utf8))
            ?? ""
        var problems: [String] = []
        var without: [Chapter] = []
        for chapter in chapters {
            let path = path(of: chapter)
            let entry = manifest.split(separator: "\n").first { $0.contains("folder: \"\(chapter.folder)\"") }
            let declared = entry?.contains(manifestFlag) ?? false
            guard let text = try? String(contentsOf: workbook.root.appendingPathComponent(path), encoding: .utf8)
            else {
                if declared {
                    problems.append("Package.swift says chapter \(chapter.number) has \(path), and it has not")
                }
                without.append(chapter)
                continue
            }
            if !declared {
                problems.append(
                    "\(path): add `\(manifestFlag)` to chapter \(chapter.number)'s entry in Package.swift, so that "
                        + "the solution's target leaves the ledger out")
            }
            guard let ledger = parse(text) else {
                problems.append("\(path) has no fingerprints (its `- Solution:` and `- Tests:` lines)")
                continue
            }
            let current = fingerprint(of: chapter, in: workbook)
            let redo = "run ./Scripts/verify --mutants \(chapter.number) --write-ledger"
            if ledger.fingerprint.solution != current.solution {
                problems.append("\(path) was made from other solution sources: \(redo)")
            }
            if ledger.fingerprint.tests != current.tests {
                problems.append("\(path) was made from other tests: \(redo)")
            }
            if ledger.fingerprint.mutants != current.mutants {
                problems.append(
                    "\(path) was made from other mutants (the mutator, or the starter's learner lines, changed): \(redo)"
                )
            }
            for survivor in ledger.survivors where survivor.scope == .learner && survivor.isNotUnderTest {
                problems.append(
                    "\(path): `\(survivor.id)` is on the learner's lines, which are always under test: kill it, "
                        + "or say why it is equivalent or a gap")
            }
            for survivor in ledger.survivors where survivor.reason.isEmpty || survivor.reason.hasPrefix("TODO") {
                problems.append(
                    "\(path): `\(survivor.id)` survives with no reason: kill it with a better test, or say why "
                        + "it is equivalent")
            }
            let learner = ledger.scores.learner
            if learner.percent < learnerTarget {
                problems.append(
                    "\(path): on the learner's lines \(learner.summary) of the mutants that are not equivalent are "
                        + "killed by a test, below \(learnerTarget)%: kill the gaps with better tests")
            }
        }
        return (problems, without)
    }
}
