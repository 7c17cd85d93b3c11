import Foundation
import WorkbookCore

/// A chapter's catalogue of other sound designs and typical mistakes
/// (`Solutions/ChapterN-Topic/Catalogue/`): `README.md` lists the cases, saying what each models
/// and, for a mistake, what must catch it; each case is a page of its own, `NAME.md`, with a diff
/// against the reference solution or the starter (what the learner wrote) and why it is wrong or sound.
public struct Catalogue: Sendable {
    /// What must happen when a case's tree is built and tested.
    public enum Expectation: Sendable, Equatable, CustomStringConvertible {
        /// An alternative: every test passes, and the race check finds nothing.
        case passes
        /// A mistake caught by tests: each named test (by its display name) fails.
        case failingTests([String])
        /// A mistake caught by the race check: Thread Sanitizer reports a race in the chapter's files.
        case raceCheck
        /// A mistake the compiler refuses, with an error that mentions the phrase.
        case compiler(String)
        /// A mistake that crashes the test process while the named test runs (the runner then names
        /// the crash's file and line): a force unwrap, a `fatalError`, a precondition.
        case crash(String)
        /// A mistake that makes the named test never finish (two lazily built constants waiting
        /// for each other): the test is still running when a short time limit ends the process.
        case hangs(String)

        public var description: String {
            switch self {
            case .passes: "every test passes and the race check is clean"
            case .failingTests(let names): names.map { "\"\($0)\" fails" }.joined(separator: ", ")
            case .raceCheck: "the race check reports a data race"
            case .compiler(let phrase): "the compiler refuses it, mentioning \"\(phrase)\""
            case .crash(let name): "the test process crashes in \"\(name)\""
            case .hangs(let name): "\"\(name)\" never finishes"
            }
        }
    }

    /// One case of the catalogue.
    public struct Case: Sendable, Equatable {
        /// The case's name, such as `internal-init`: its page is `internal-init.md`.
        public var name: String
        public var isMistake: Bool
        /// What it models, in one line.
        public var summary: String
        public var expectation: Expectation
        /// Whether the outcome depends on timing: such a case runs more often.
        public var dependsOnTiming: Bool
        /// An other design that holds in a library only (`(library world)` at the end of its
        /// summary): in the app world it must not compile, and its page says why.
        public var libraryWorldOnly = false
        /// The line of `README.md` that lists it.
        public var line: Int
    }

    public let chapter: Chapter
    public var cases: [Case] = []
    /// What is wrong with the pages (an unlisted page, a row that cannot be read, a diff that no
    /// longer applies).
    public var problems: [String] = []

    /// `Solutions/ChapterN-Topic/Catalogue`, relative to the workbook.
    public static func folder(of chapter: Chapter) -> String { "\(chapter.solutionFolder)/Catalogue" }

    /// Reads the catalogue of `chapter` in `workbook`, and checks that every case's page is there,
    /// agrees with its row, and holds a diff that applies to its base.
    public init(chapter: Chapter, in workbook: Workbook) {
        self.chapter = chapter
        let folder = workbook.root.appendingPathComponent(Self.folder(of: chapter))
        let index = folder.appendingPathComponent("README.md")
        guard let text = try? String(contentsOf: index, encoding: .utf8) else {
            problems.append("\(Self.folder(of: chapter))/README.md is missing")
            return
        }
        let pageTexts = CatalogueIndex.pages(in: folder)
        let (generated, pageProblems) = CatalogueIndex.regenerated(index: text, pages: pageTexts)
        problems += pageProblems.map { "\(Self.folder(of: chapter))/\($0)" }
        if generated != text {
            problems.append(
                "\(Self.folder(of: chapter))/README.md: its rows are not what its pages say (each page is the home of "
                    + "its summary and of what catches it): ./Scripts/verify --write-index \(chapter.number)")
        }
        let (cases, rowProblems) = Self.parse(text)
        self.cases = cases
        problems += rowProblems.map { "\(Self.folder(of: chapter))/README.md:\($0)" }

        let pages = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0 != "README.md" }
        for page in Set(pages).subtracting(cases.map { "\($0.name).md" }).sorted() {
            problems.append("\(Self.folder(of: chapter))/\(page) is not a case listed in its README.md")
        }
        for item in cases {
            do {
                _ = try tree(of: item, in: workbook)
            } catch {
                problems.append("\(page(of: item)): \(error)")
            }
        }
        let names = cases.map(\.name)
        for name in Set(names) where names.count(where: { $0 == name }) > 1 {
            problems.append("\(Self.folder(of: chapter))/README.md lists \(name) twice")
        }
    }

    // MARK: - A case's page and its tree

    /// What is wrong with a case's page.
    struct PageProblem: Error, CustomStringConvertible {
        var description: String
    }

    /// The case's page, `Catalogue/NAME.md`, relative to the workbook.
    public func page(of item: Case) -> String { "\(Self.folder(of: chapter))/\(item.name).md" }

    /// The diff on a case's page: its first fenced `diff` block. (The page's first lines are the
    /// home of its row in the index: ``CatalogueIndex``.)
    static func diff(onPage text: String, of item: Case) throws -> UnifiedDiff {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let open = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "```diff" }),
            let close = lines[(open + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "```" })
        else { throw PageProblem(description: "the page has no ```diff block") }
        let diff = try UnifiedDiff(parsing: lines[(open + 1)..<close].joined(separator: "\n"))
        if diff.files.isEmpty { throw PageProblem(description: "its diff changes no file") }
        guard diff.bases.count == 1, let base = diff.bases.first, ["solution", "starter"].contains(base) else {
            throw PageProblem(
                description: "every file of its diff must be against one base, solution/ or starter/ (seen: "
                    + diff.bases.sorted().joined(separator: ", ") + ")")
        }
        return diff
    }

    /// The chapter's folder as the learner of this case left it: the base its diff names (the
    /// reference solution's sources, or the starter's), with the diff applied. Paths are relative
    /// to the chapter's folder. The lesson and hints come from the starter either way: the
    /// manifest names them.
    public func tree(of item: Case, in workbook: Workbook) throws -> [String: Data] {
        try learnersTree(of: item, in: workbook).tree
    }

    /// The files the case's diff creates or changes, relative to the chapter's folder.
    public func changedFiles(of item: Case, in workbook: Workbook) throws -> [String: Data] {
        let (tree, diff) = try learnersTree(of: item, in: workbook)
        return tree.filter { path, _ in diff.files.contains { $0.newPath == path } }
    }

    private func learnersTree(of item: Case, in workbook: Workbook) throws -> (tree: [String: Data], diff: UnifiedDiff)
    {
        let pagePath = workbook.root.appendingPathComponent(page(of: item))
        guard let text = try? String(contentsOf: pagePath, encoding: .utf8) else {
            throw PageProblem(description: "there is no page \(item.name).md")
        }
        let diff = try Self.diff(onPage: text, of: item)
        var base = try FileTree.read(workbook.root.appendingPathComponent(chapter.starterFolder))
        if diff.bases == ["solution"] {
            let solution = try FileTree.read(
                workbook.root.appendingPathComponent(chapter.solutionFolder), skipping: ["Catalogue"])
            base = base.filter { !$0.key.hasSuffix(".swift") }.merging(solution.filter { $0.key.hasSuffix(".swift") }) {
                $1
            }
        }
        let sources = base.filter { $0.key.hasSuffix(".swift") }.mapValues { String(decoding: $0, as: UTF8.self) }
        let patched = try diff.apply(to: sources)
        return (base.filter { !$0.key.hasSuffix(".swift") }.merging(patched.mapValues { Data($0.utf8) }) { $1 }, diff)
    }

    /// The cases listed in a catalogue page, and the problems found, each as "LINE: problem".
    ///
    ///     ## Other sound designs
    ///     | Case | What it models |
    ///     |---|---|
    ///     | [`actor-board`](actor-board.md) | An actor instead of a `Mutex`. |
    ///
    ///     ## Typical mistakes
    ///     | Case | What it models | Caught by |
    ///     |---|---|---|
    ///     | [`internal-init`](internal-init.md) | `init()` left internal. (timing) | "Test one"; "Test two" |
    static func parse(_ text: String) -> (cases: [Case], problems: [String]) {
        var cases: [Case] = []
        var problems: [String] = []
        var section: Bool?  // true: mistakes, false: alternatives, nil: elsewhere
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("## ") {
                let heading = line.dropFirst(3).lowercased()
                section =
                    heading.hasPrefix("other sound designs")
                    ? false : heading.hasPrefix("typical mistakes") ? true : nil
                continue
            }
            guard let isMistake = section, line.hasPrefix("|") else { continue }
            let cells = Self.cells(of: line)
            // The header row and the row of dashes under it.
            if cells.allSatisfy({ $0.allSatisfy { "-: ".contains($0) } }) || cells.first == "Case" { continue }
            guard let name = Self.caseName(in: cells.first ?? "") else {
                problems.append("\(number): the first cell must be the case's page as a link, [`name`](name.md)")
                continue
            }
            guard cells.count >= (isMistake ? 3 : 2) else {
                problems.append("\(number): \(name) needs \(isMistake ? "three" : "two") cells")
                continue
            }
            var summary = cells[1]
            let libraryWorldOnly = !isMistake && summary.hasSuffix("(library world)")
            if libraryWorldOnly {
                summary = summary.dropLast("(library world)".count).trimmingCharacters(in: .whitespaces)
            }
            let dependsOnTiming = summary.hasSuffix("(timing)")
            if dependsOnTiming { summary = summary.dropLast("(timing)".count).trimmingCharacters(in: .whitespaces) }
            var expectation = Expectation.passes
            if isMistake {
                guard let caughtBy = Self.expectation(in: cells[2]) else {
                    problems.append(
                        "\(number): \(name) must say what catches it: \"Test name\"; …, race check, or compiler: \"phrase\""
                    )
                    continue
                }
                expectation = caughtBy
            }
            var item = Case(
                name: name, isMistake: isMistake, summary: summary, expectation: expectation,
                dependsOnTiming: dependsOnTiming, line: number)
            item.libraryWorldOnly = libraryWorldOnly
            cases.append(item)
        }
        return (cases, problems)
    }

    /// The cells of a table row, trimmed (`\|` stays inside a cell).
    static func cells(of row: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var previous: Character?
        for character in row {
            if character == "|" && previous != "\\" {
                cells.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        cells.append(current)
        // The row starts and ends with a bar: drop the empty cells outside them.
        if cells.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { cells.removeFirst() }
        if cells.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { cells.removeLast() }
        return cells.map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\\|", with: "|") }
    }

    /// `[`actor-board`](actor-board.md)` → `actor-board`.
    static func caseName(in cell: String) -> String? {
        guard let open = cell.firstIndex(of: "`"),
            let close = cell[cell.index(after: open)...].firstIndex(of: "`")
        else { return nil }
        let name = String(cell[cell.index(after: open)..<close])
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        return !name.isEmpty && name.allSatisfy(allowed.contains) ? name : nil
    }

    /// `"Test one"; "Test two"`, `race check`, `compiler: "phrase"`, `crash: "Test"` or `hangs: "Test"`.
    static func expectation(in cell: String) -> Expectation? {
        let trimmed = cell.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "race check" { return .raceCheck }
        if trimmed.lowercased().hasPrefix("crash:") {
            let names = quoted(in: String(trimmed.dropFirst("crash:".count)))
            return names.count == 1 ? .crash(names[0]) : nil
        }
        if trimmed.lowercased().hasPrefix("hangs:") {
            let names = quoted(in: String(trimmed.dropFirst("hangs:".count)))
            return names.count == 1 ? .hangs(names[0]) : nil
        }
        if trimmed.lowercased().hasPrefix("compiler:") {
            let phrases = quoted(in: String(trimmed.dropFirst("compiler:".count)))
            return phrases.count == 1 ? .compiler(phrases[0]) : nil
        }
        let names = quoted(in: trimmed)
        return names.isEmpty ? nil : .failingTests(names)
    }

    /// The texts between double quotes, in order.
    static func quoted(in text: String) -> [String] {
        let parts = text.split(separator: "\"", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
    }
}
