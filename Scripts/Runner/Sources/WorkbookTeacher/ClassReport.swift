import Foundation
import WorkbookCore

/// A class at a glance, made from the progress files students hand in
/// (`./Scripts/progress --json > ada.json`): one row per student, one column per chapter; where
/// each student is stuck; and the same as a table for a spreadsheet (`ClassReport+CSV.swift`).
public struct ClassReport: Sendable {
    /// One student's file: their progress, or why it could not be used.
    public struct Student: Sendable {
        /// Made from the file's name: `ada.json` is Ada, `mary-jane.json` is Mary Jane.
        public var name: String
        public var file: String
        public var report: ProgressFile?
        /// Why the file was skipped, when it was.
        public var problem: String?
    }

    /// A chapter column: its number and title, as the students' reports give them.
    public struct Column: Sendable, Equatable {
        public var number: Int
        public var title: String
    }

    /// The students whose files could be read, by name.
    public var students: [Student]
    /// The files that could not be used, each with its reason.
    public var skipped: [Student]
    public var columns: [Column]
    /// Each chapter's number of tests, as most students' files give it: the size of a chapter a
    /// student's file leaves unknown (an older runner's, for a chapter that never compiled), so
    /// that every total is the workbook's whatever compiles.
    var chapterTotals: [Int: Int] = [:]
    /// The folder the files came from, as given.
    public var source: String
    /// The time zone dates are shown in: the teacher's.
    public var timeZone = TimeZone.current
    /// The class as an earlier collection found it (`--since FOLDER`): who moved since.
    public var earlier: ClassReport.Snapshot?

    /// Each student's tests passing per chapter, as an earlier collection found them.
    public struct Snapshot: Sendable {
        public var source: String
        /// Student's name (lowercased) → chapter → tests passing.
        public var passed: [String: [Int: Int]]

        public init(_ report: ClassReport) {
            source = report.source
            passed = Dictionary(
                report.students.map { student in
                    (
                        student.name.lowercased(),
                        Dictionary(
                            (student.report?.chapters ?? []).map { ($0.number, $0.passed) },
                            uniquingKeysWith: { first, _ in first })
                    )
                }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// How many more tests pass in `column` than at the earlier collection; `nil` without one,
    /// or for a student it did not have.
    func moved(_ student: Student, _ column: Column) -> Int? {
        guard let before = earlier?.passed[student.name.lowercased()] else { return nil }
        let now = chapter(student, column)?.passed ?? 0
        return now - (before[column.number] ?? 0)
    }

    /// The students an earlier collection had whose counts did not move since, by name.
    var notMoved: [String] {
        guard earlier != nil else { return [] }
        return students.filter { student in
            earlier?.passed[student.name.lowercased()] != nil && columns.allSatisfy { moved(student, $0) == 0 }
        }.map(\.name)
    }

    /// Tests two or more students are stuck on, each the next to fix in a chapter they are on:
    /// where one explanation helps several at once. Most students first.
    var stuckTogether: [(chapter: Int, test: String, students: [String])] {
        var groups: [String: (chapter: Int, test: String, students: [String])] = [:]
        for student in students {
            guard let report = student.report, let current = report.chapters.first(where: { $0.state != "done" }),
                let next = Self.nextFailing(current)
            else { continue }
            let key = "\(current.number)|\(next.name)"
            groups[key, default: (current.number, next.name, [])].students.append(student.name)
        }
        return groups.values.filter { $0.students.count > 1 }
            .sorted { ($1.students.count, $0.chapter, $0.test) < ($0.students.count, $1.chapter, $1.test) }
    }

    /// Reads every `.json` file in `folder`. A bad file is named and skipped, never fatal.
    public init(folder: URL) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.lowercased().hasSuffix(".json") }.sorted()
        var read: [Student] = []
        var skipped: [Student] = []
        for file in names {
            let student = Self.read(folder.appendingPathComponent(file))
            if student.report == nil { skipped.append(student) } else { read.append(student) }
        }
        // A browser saves a second download of bob.json as "bob (1).json": one student, twice.
        // The newest file stands for them; the others are named and skipped.
        var newest: [String: Student] = [:]
        for student in read {
            let key = student.name.lowercased()
            if let kept = newest[key] {
                let (stay, go) =
                    (student.report?.generatedAt ?? .distantPast) > (kept.report?.generatedAt ?? .distantPast)
                    ? (student, kept) : (kept, student)
                newest[key] = stay
                var duplicate = go
                duplicate.problem = "is an older file of \(stay.name), beside \(stay.file) (a second download?)"
                duplicate.report = nil
                skipped.append(duplicate)
            } else {
                newest[key] = student
            }
        }
        self.init(students: Array(newest.values), skipped: skipped, source: folder.path)
    }

    init(students: [Student], skipped: [Student], source: String) {
        self.students = students.sorted { ($0.name.lowercased(), $0.file) < ($1.name.lowercased(), $1.file) }
        self.skipped = skipped
        self.source = source
        var columns: [Int: String] = [:]
        for student in self.students {
            for chapter in student.report?.chapters ?? [] where columns[chapter.number] == nil {
                columns[chapter.number] = chapter.title
            }
        }
        self.columns = columns.keys.sorted().map { Column(number: $0, title: columns[$0] ?? "") }
        var seen: [Int: [Int: Int]] = [:]
        for student in self.students {
            for chapter in student.report?.chapters ?? [] {
                if let total = chapter.total { seen[chapter.number, default: [:]][total, default: 0] += 1 }
            }
        }
        chapterTotals = seen.mapValues { counts in counts.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key }
    }

    /// The worlds the students' chapters were compiled in, each once, in the order first met:
    /// one for a class that worked in one world.
    public var worlds: [String] {
        students.compactMap(\.report?.world).reduce(into: []) { seen, world in
            if !seen.contains(world) { seen.append(world) }
        }
    }

    /// How the report names a world: "the app world (an Xcode 26 app target …)".
    static func worldText(_ world: String) -> String {
        guard let known = WorkbookWorld(rawValue: world) else { return "the \(world) world" }
        return "the \(world) world (\(known.description))"
    }

    /// A chapter's number of tests: the student's file's, or else the class's.
    func total(of chapter: ProgressFile.Chapter) -> Int? {
        chapter.total ?? chapterTotals[chapter.number]
    }

    /// The tests in all chapters of a student's file, counting the class's number for a chapter
    /// whose size the file leaves unknown.
    func total(of report: ProgressFile) -> Int {
        report.total + report.chapters.reduce(0) { $0 + ($1.total == nil ? chapterTotals[$1.number] ?? 0 : 0) }
    }

    /// Reads one file, or says plainly what is wrong with it.
    static func read(_ url: URL) -> Student {
        let file = url.lastPathComponent
        var student = Student(name: name(fromFile: file), file: file)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            student.problem = "cannot be read"
            return student
        }
        do {
            student.report = try ProgressFile(data: data)
        } catch {
            student.problem = error.description
        }
        return student
    }

    /// `ada.json` → "Ada", `mary-jane.json` → "Mary Jane".
    static func name(fromFile file: String) -> String {
        var stem = file.lowercased().hasSuffix(".json") ? String(file.dropLast(5)) : file
        // "bob (1).json": a browser's second download of bob.json is still Bob.
        if let copy = stem.firstMatch(of: #/ \(\d+\)$/#) { stem.removeSubrange(copy.range) }
        let words = stem.split(whereSeparator: { "-_. ".contains($0) })
        guard !words.isEmpty else { return stem }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    // MARK: - What each cell says

    /// How a chapter's state is drawn: a state this version does not know (a newer runner's)
    /// counts as broken, and shows its own words.
    enum Kind: String {
        case done
        case progress
        case waiting
        case broken
        case missing

        init(_ state: String?) {
            switch state {
            case nil: self = .missing
            case "done": self = .done
            case "in progress": self = .progress
            case "not started": self = .waiting
            default: self = .broken
            }
        }
    }

    /// A chapter's cell for one student: "6/11", and the state behind it.
    struct Cell {
        var text: String
        var state: String?
        var kind: Kind { Kind(state) }
    }

    func chapter(_ student: Student, _ column: Column) -> ProgressFile.Chapter? {
        student.report?.chapters.first { $0.number == column.number }
    }

    func cell(_ student: Student, _ column: Column) -> Cell {
        guard let chapter = chapter(student, column) else { return Cell(text: "–", state: nil) }
        return Cell(text: "\(chapter.passed)/\(total(of: chapter).map(String.init) ?? "?")", state: chapter.state)
    }

    /// How many students have finished each chapter.
    func finished(_ column: Column) -> Int {
        students.count { chapter($0, column)?.state == "done" }
    }

    /// The test to fix next, as the runner picks it: the first test that does not pass, of the
    /// lowest step.
    static func nextFailing(_ chapter: ProgressFile.Chapter) -> ProgressFile.Test? {
        let failing = chapter.tests.enumerated().filter {
            $0.element.state != "passed" && $0.element.state != "skipped"
        }
        return failing.min { ($0.element.step ?? Int.max, $0.offset) < ($1.element.step ?? Int.max, $1.offset) }?
            .element
    }

    /// The chapters worth a teacher's look: in progress or broken, and the one the student is on.
    static func stuckChapters(_ report: ProgressFile) -> [ProgressFile.Chapter] {
        let current = report.chapters.first { $0.state != "done" }?.number
        return report.chapters.filter { chapter in
            let kind = Kind(chapter.state)
            return kind == .progress || kind == .broken || chapter.number == current
        }
    }

    /// The last activity in any chapter of the file.
    static func lastActivity(_ report: ProgressFile) -> Date? {
        report.chapters.compactMap(\.activity?.lastActivity).max()
    }

    /// What the learner reads in a failing test's message: Swift Testing's own first line
    /// ("Expectation failed: …") is dropped when the test explains itself below it, lines are
    /// joined, and the whole is cut at a word near `limit` characters.
    static func shortMessage(_ message: String, limit: Int = 240) -> String {
        var lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        if lines.count > 1 { lines.removeFirst() }
        let text = lines.filter { !$0.isEmpty }.joined(separator: " ")
        return shorten(text, to: limit)
    }

    /// `text` cut to at most `limit` characters, at a space when there is one, with "…".
    static func shorten(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let cut = text.prefix(limit - 1)
        let atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return atWord.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)) + "…"
    }

    /// "2026-11-22 18:14", in the teacher's time zone: a form spreadsheets read as a date.
    func dateText(_ date: Date?) -> String {
        guard let date else { return "" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    // MARK: - Text

    /// The grid for a terminal.
    public func text(style: Style) -> String {
        let nameWidth = max(8, (students.map(\.name.count).max() ?? 0))
        // Seven characters a chapter ("23/23✔" and a space): eight chapters still fit 80 columns.
        let width = 7
        var lines = [
            style.bold(
                "Class report: \(students.count) \(students.count == 1 ? "student" : "students"), from \(source)")
        ]
        // A class in one world says it once; a mixed class marks each student's world on their line.
        let worlds = self.worlds
        let mixedWorlds = worlds.count > 1
        if worlds.count == 1 { lines.append("All in \(Self.worldText(worlds[0])).") }
        if mixedWorlds {
            lines.append(
                style.yellow(
                    "Students worked in different worlds (\(worlds.joined(separator: ", "))): their results do not "
                        + "compare, and each line says its world."))
        }
        lines.append("")
        let header =
            "".padded(to: nameWidth) + columns.map { "Ch \($0.number)".leftPadded(to: width) }.joined()
            + "Total".leftPadded(to: width + 2)
        lines.append(style.bold(header))
        for student in students {
            var line = student.name.padded(to: nameWidth)
            for column in columns {
                let cell = cell(student, column)
                let mark = cell.kind == .done ? "✔" : cell.kind == .broken ? "!" : " "
                let text = (cell.text + mark).leftPadded(to: width)
                line += cell.kind == .done ? style.green(text) : cell.kind == .broken ? style.red(text) : text
            }
            if let report = student.report {
                line += "\(report.passed)/\(total(of: report))".leftPadded(to: width + 2)
                if mixedWorlds { line += "  \(report.world) world" }
                if report.changedTests == true { line += style.yellow("  tests changed") }
                if let covered = report.coveredChapters {
                    line += style.yellow("  partial: \(Self.chapterList(covered)) only")
                }
            }
            lines.append(line)
        }
        lines.append(
            style.dim(
                "Finished".padded(to: nameWidth)
                    + columns.map { "\(finished($0))/\(students.count)".leftPadded(to: width) }.joined()))
        lines.append("")
        lines.append(
            style.dim(
                "✔ done   ! broken, or passing only with changed tests   – not in that student's file")
        )
        for column in columns { lines.append(style.dim("Ch \(column.number): \(column.title)")) }
        let changed = students.filter { !($0.report?.changedTestFiles.isEmpty ?? true) }
        if !changed.isEmpty {
            lines.append("")
            lines.append(style.yellow("Changed test files (a chapter is done only with the workbook's tests):"))
            for student in changed {
                let files = student.report?.changedTestFiles ?? []
                lines.append(
                    "  \(student.name): \(files.prefix(3).joined(separator: ", "))"
                        + (files.count > 3 ? " and \(files.count - 3) more (in the page)" : ""))
            }
        }
        let together = stuckTogether
        if !together.isEmpty {
            lines.append("")
            lines.append(style.bold("Stuck on the same test (one explanation for several):"))
            for group in together {
                lines.append("  Ch \(group.chapter), “\(group.test)”: \(group.students.joined(separator: ", "))")
            }
        }
        if let earlier {
            let movers = students.compactMap { student -> String? in
                let gains = columns.compactMap { column in
                    self.moved(student, column).flatMap {
                        $0 != 0 ? "Ch \(column.number) \($0 > 0 ? "+" : "")\($0)" : nil
                    }
                }
                return gains.isEmpty ? nil : "  \(student.name): \(gains.joined(separator: ", "))"
            }
            lines.append("")
            lines.append(style.bold("Since \(earlier.source):"))
            lines += movers.isEmpty ? ["  nobody moved"] : movers
            if !notMoved.isEmpty { lines.append(style.yellow("  Not moved: \(notMoved.joined(separator: ", "))")) }
        }
        if !skipped.isEmpty {
            lines.append("")
            lines.append(style.yellow("Skipped \(skipped.count) \(skipped.count == 1 ? "file" : "files"):"))
            lines += skipped.map { "  \($0.file) \($0.problem ?? "")" }
        }
        return lines.joined(separator: "\n")
    }
}

/// `./Scripts/class-report FOLDER`: the class grid in the terminal, as a page to project, and as
/// a table for a spreadsheet.
public enum ClassReportCommand {
    public static var usage: String {
        """
        usage: ./Scripts/class-report FOLDER [--since EARLIER] [--html FILE] [--csv FILE] [--no-color]

        Reads every student's progress file in FOLDER (each made with
        `./Scripts/progress --json > name.json`; the file's name is the student's name:
        ada.json is Ada), prints the class as a grid of students and chapters, and writes
          - the same grid as a web page, with where each student is stuck, to
            FOLDER/class-report.html (or FILE), to open or project;
          - a table for a spreadsheet or gradebook, one row per student, to
            FOLDER/class-report.csv (or FILE).

        \(table.usage(width: 16))

        Files that cannot be used (empty, cut short, from another version of the workbook, an
        older second download of a student's file) are named with the reason and skipped. The
        exit status is 0 when at least one file could be read.
        """
    }

    struct Arguments {
        var folder: String?
        var htmlPath: String?
        var csvPath: String?
        var sincePath: String?
        var noColor = false
    }

    /// The class report's options, the one place they are parsed and described.
    static var table: OptionTable<Arguments> {
        typealias Option = OptionTable<Arguments>.Option
        let folder = OptionTable<Arguments>.Positional(
            "FOLDER", help: ["the folder of the students' progress files"]
        ) { arguments, argument in
            guard arguments.folder == nil else { throw OptionError("unknown argument: \(argument)") }
            arguments.folder = argument
        }
        return OptionTable(
            [
                Option(
                    "--since", value: "EARLIER", valueInWords: "a folder name",
                    help: [
                        "compare with an earlier collection's folder: each cell says how",
                        "many more tests pass, and the students whose counts did not move",
                        "are named",
                    ]
                ) { $0.sincePath = $1 },
                Option("--html", value: "FILE", valueInWords: "a file name", help: ["the web page's file"]) {
                    $0.htmlPath = $1
                },
                Option("--csv", value: "FILE", valueInWords: "a file name", help: ["the table's file"]) {
                    $0.csvPath = $1
                },
                Option("--no-color", help: ["no colours"]) { arguments, _ in arguments.noColor = true },
                Option("--help", "-h", help: ["this text"]) { _, _ in },
            ], positional: folder)
    }

    public static func main(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        var parsed = Arguments()
        do {
            try table.parse(arguments, into: &parsed)
        } catch {
            printError("\(error)\n\n\(usage)")
            return 2
        }
        var style = Style.detect()
        if parsed.noColor { style.colors = false }
        let (htmlPath, csvPath, sincePath) = (parsed.htmlPath, parsed.csvPath, parsed.sincePath)
        guard let folder = parsed.folder else {
            printError(usage)
            return 2
        }
        let url = URL(fileURLWithPath: folder)
        var report: ClassReport
        do {
            report = try ClassReport(folder: url)
            if let sincePath {
                report.earlier = ClassReport.Snapshot(try ClassReport(folder: URL(fileURLWithPath: sincePath)))
            }
        } catch {
            printError("Cannot read the folder \(sincePath ?? folder): \(error.localizedDescription)")
            return 1
        }
        print(report.text(style: style))
        let page = URL(fileURLWithPath: htmlPath ?? url.appendingPathComponent("class-report.html").path)
        let table = URL(fileURLWithPath: csvPath ?? url.appendingPathComponent("class-report.csv").path)
        do {
            try Data(report.html().utf8).write(to: page, options: .atomic)
            print("\nThe page to open or project: \(page.path)")
            try report.csvData().write(to: table, options: .atomic)
            print("The table for a spreadsheet:  \(table.path)")
        } catch {
            printError("Could not write the report: \(error.localizedDescription)")
            return 1
        }
        if report.students.isEmpty {
            printError("No progress file in \(folder) could be read.")
            return 1
        }
        return 0
    }
}

extension ClassReport {
    /// "chapter 2", "chapters 2 and 3", for a partial hand-in.
    static func chapterList(_ numbers: [Int]) -> String {
        let names = numbers.sorted().map(String.init)
        if names.count == 1 { return "chapter \(names[0])" }
        return "chapters " + names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }
}
