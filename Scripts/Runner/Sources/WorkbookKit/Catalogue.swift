import Foundation

/// A chapter's catalogue of other sound designs and typical mistakes
/// (`Solutions/ChapterN-Topic/Catalogue/`): each case is a folder of files laid over the starter,
/// and `README.md` lists them, saying what each models and, for a mistake, what must catch it.
public struct Catalogue: Sendable {
    /// What must happen when a case's files are laid over the starter.
    public enum Expectation: Sendable, Equatable, CustomStringConvertible {
        /// An alternative: every test passes, and the race check finds nothing.
        case passes
        /// A mistake caught by tests: each named test (by its display name) fails.
        case failingTests([String])
        /// A mistake caught by the race check: Thread Sanitizer reports a race in the chapter's files.
        case raceCheck
        /// A mistake the compiler refuses, with an error that mentions the phrase.
        case compiler(String)

        public var description: String {
            switch self {
            case .passes: "every test passes and the race check is clean"
            case .failingTests(let names): names.map { "\"\($0)\" fails" }.joined(separator: ", ")
            case .raceCheck: "the race check reports a data race"
            case .compiler(let phrase): "the compiler refuses it, mentioning \"\(phrase)\""
            }
        }
    }

    /// One case of the catalogue.
    public struct Case: Sendable, Equatable {
        /// The case's folder name, such as `internal-init`.
        public var name: String
        public var isMistake: Bool
        /// What it models, in one line.
        public var summary: String
        public var expectation: Expectation
        /// Whether the outcome depends on timing: such a case runs more often.
        public var dependsOnTiming: Bool
        /// The line of `README.md` that lists it.
        public var line: Int
    }

    public let chapter: Chapter
    public var cases: [Case] = []
    /// What is wrong with the page or the folders (an unlisted folder, a row that cannot be read).
    public var problems: [String] = []

    /// `Solutions/ChapterN-Topic/Catalogue`, relative to the workbook.
    public static func folder(of chapter: Chapter) -> String { "\(chapter.solutionFolder)/Catalogue" }

    /// Reads the catalogue of `chapter` in `workbook`.
    public init(chapter: Chapter, in workbook: Workbook) {
        self.chapter = chapter
        let folder = workbook.root.appendingPathComponent(Self.folder(of: chapter))
        let page = folder.appendingPathComponent("README.md")
        guard let text = try? String(contentsOf: page, encoding: .utf8) else {
            problems.append("\(Self.folder(of: chapter))/README.md is missing")
            return
        }
        let (cases, rowProblems) = Self.parse(text)
        self.cases = cases
        problems += rowProblems.map { "\(Self.folder(of: chapter))/README.md:\($0)" }

        let fileManager = FileManager.default
        let folders = ((try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []).filter { name in
            var isFolder: ObjCBool = false
            return fileManager.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }
        for name in Set(folders).subtracting(cases.map(\.name)).sorted() {
            problems.append("\(Self.folder(of: chapter))/\(name)/ is not listed in its README.md")
        }
        for item in cases {
            if !folders.contains(item.name) {
                problems.append("\(Self.folder(of: chapter))/README.md:\(item.line): no folder \(item.name)/")
            } else if Self.files(of: item, in: folder).isEmpty {
                problems.append("\(Self.folder(of: chapter))/\(item.name)/ holds no Swift file")
            }
        }
        let names = cases.map(\.name)
        for name in Set(names) where names.count(where: { $0 == name }) > 1 {
            problems.append("\(Self.folder(of: chapter))/README.md lists \(name) twice")
        }
    }

    /// The case's Swift files, relative to its folder (`MessageBoard.swift`, `TestDoubles/Stub.swift`).
    public static func files(of item: Case, in catalogueFolder: URL) -> [String] {
        let folder = catalogueFolder.appendingPathComponent(item.name)
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    }

    /// The cases listed in a catalogue page, and the problems found, each as "LINE: problem".
    ///
    ///     ## Other sound designs
    ///     | Case | What it models |
    ///     |---|---|
    ///     | [`actor-board`](actor-board/) | An actor instead of a `Mutex`. |
    ///
    ///     ## Typical mistakes
    ///     | Case | What it models | Caught by |
    ///     |---|---|---|
    ///     | [`internal-init`](internal-init/) | `init()` left internal. (timing) | "Test one"; "Test two" |
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
                problems.append("\(number): the first cell must be the case's folder as a link, [`name`](name/)")
                continue
            }
            guard cells.count >= (isMistake ? 3 : 2) else {
                problems.append("\(number): \(name) needs \(isMistake ? "three" : "two") cells")
                continue
            }
            var summary = cells[1]
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
            cases.append(
                Case(
                    name: name, isMistake: isMistake, summary: summary, expectation: expectation,
                    dependsOnTiming: dependsOnTiming, line: number))
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

    /// `[`actor-board`](actor-board/)` → `actor-board`.
    static func caseName(in cell: String) -> String? {
        guard let open = cell.firstIndex(of: "`"),
            let close = cell[cell.index(after: open)...].firstIndex(of: "`")
        else { return nil }
        let name = String(cell[cell.index(after: open)..<close])
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        return !name.isEmpty && name.allSatisfy(allowed.contains) ? name : nil
    }

    /// `"Test one"; "Test two"`, `race check`, or `compiler: "phrase"`.
    static func expectation(in cell: String) -> Expectation? {
        let trimmed = cell.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "race check" { return .raceCheck }
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
