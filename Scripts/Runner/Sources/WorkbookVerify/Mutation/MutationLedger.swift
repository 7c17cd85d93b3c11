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

    /// SHA-256 digests of the files a sweep was made from.
    struct Fingerprint: Sendable, Equatable {
        /// The solution's Swift files, `TestDoubles/` included, the catalogue not.
        var solution: String
        /// The chapter's test files.
        var tests: String
    }

    /// How the mutants fared.
    struct Score: Sendable, Equatable {
        var mutants = 0
        var killedByCompiler = 0
        var killedByTests = 0
        var survived = 0

        /// The mutants that compiled, which the tests had a chance to kill.
        var compiled: Int { killedByTests + survived }

        /// "12 of 14 (86%)"
        var summary: String {
            let percent = compiled == 0 ? 100 : Int((Double(killedByTests) * 100 / Double(compiled)).rounded())
            return "\(killedByTests) of \(compiled) (\(percent)%)"
        }
    }

    struct Survivor: Sendable, Equatable {
        var id: String
        var reason: String
    }

    var fingerprint: Fingerprint
    var score: Score
    var survivors: [Survivor]

    static func path(of chapter: Chapter) -> String { "\(chapter.solutionFolder)/\(fileName)" }

    /// The fingerprints of the chapter's solution and tests as they are in `workbook`: each the
    /// SHA-256 of a `sha256sum` list of the files (`Tests/SHA256SUMS`'s format).
    static func fingerprint(of chapter: Chapter, in workbook: Workbook) -> Fingerprint {
        func digest(_ folder: String, _ include: (String) -> Bool) -> String {
            var hashes: [String: String] = [:]
            for (path, file) in FileTree.files(in: [folder], of: workbook, where: include) {
                if let data = FileManager.default.contents(atPath: file) { hashes[path] = SHA256.hex(data) }
            }
            return SHA256.hex(Array(TestHashes.render(hashes).utf8))
        }
        return Fingerprint(
            solution: digest(chapter.solutionFolder) { $0.hasSuffix(".swift") && !$0.hasPrefix("Catalogue/") },
            tests: digest(chapter.testsFolder) { $0.hasSuffix(".swift") })
    }

    // MARK: - The page

    func render(chapter: Chapter) -> String {
        let cell = { (text: String) in text.replacingOccurrences(of: "|", with: "\\|") }
        var text = """
            # Chapter \(chapter.number) · Mutants of the reference solution

            What the mutation sweep of `\(chapter.solutionFolder)/` found. Each mutant is one
            small mechanical change to one of its files (an operator, a literal, a removed call or
            `await`, two statements swapped), built and tested against the chapter's tests. Written
            by `./Scripts/verify --mutants \(chapter.number) --write-ledger`; `./Scripts/verify`
            checks that it is current for the files below and that every survivor has its reason.

            - Solution: `\(fingerprint.solution)`
            - Tests: `\(fingerprint.tests)`
            - Mutants: \(score.mutants); killed by the compiler: \(score.killedByCompiler); killed by a test: \(score.killedByTests); survived: \(score.survived)
            - Score: \(score.summary) of the mutants that compile are killed by a test

            ## Survivors

            Each survivor is killed by a better test, or listed here with why no test can tell
            it from the solution.

            """
        if survivors.isEmpty {
            text += "\nNone.\n"
        } else {
            text += "\n| Mutant | Why it is equivalent |\n|---|---|\n"
            for survivor in survivors {
                text += "| `\(cell(survivor.id))` | \(cell(survivor.reason)) |\n"
            }
        }
        return text
    }

    /// Reads a ledger; `nil` when it has no fingerprints.
    static func parse(_ text: String) -> MutationLedger? {
        var solution: String?
        var tests: String?
        var survivors: [Survivor] = []
        func quoted(_ line: Substring) -> String? {
            let parts = line.split(separator: "`", omittingEmptySubsequences: false)
            return parts.count >= 3 ? String(parts[1]) : nil
        }
        for line in text.split(separator: "\n") {
            if line.hasPrefix("- Solution: ") {
                solution = quoted(line)
            } else if line.hasPrefix("- Tests: ") {
                tests = quoted(line)
            } else if line.hasPrefix("| `") {
                let cells = cells(of: line)
                guard cells.count >= 2 else { continue }
                let id = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                survivors.append(Survivor(id: id, reason: cells[1]))
            }
        }
        guard let solution, let tests else { return nil }
        return MutationLedger(
            fingerprint: Fingerprint(solution: solution, tests: tests), score: Score(), survivors: survivors)
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
        _ previous: MutationLedger?, fingerprint: Fingerprint, score: Score, survivors: [String]
    ) -> MutationLedger {
        let reasons = Dictionary(
            (previous?.survivors ?? []).map { ($0.id, $0.reason) }, uniquingKeysWith: { first, _ in first })
        return MutationLedger(
            fingerprint: fingerprint, score: score,
            survivors: survivors.map { Survivor(id: $0, reason: reasons[$0] ?? todo) })
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
            for survivor in ledger.survivors where survivor.reason.isEmpty || survivor.reason.hasPrefix("TODO") {
                problems.append(
                    "\(path): `\(survivor.id)` survives with no reason: kill it with a better test, or say why "
                        + "it is equivalent")
            }
        }
        return (problems, without)
    }
}
