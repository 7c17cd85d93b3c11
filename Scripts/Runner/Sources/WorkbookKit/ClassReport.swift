import Foundation

/// A class at a glance, made from the progress files students hand in
/// (`./Scripts/progress --json > ada.json`): one row per student, one column per chapter.
public struct ClassReport: Sendable {
    /// One student's file: their progress, or why it could not be used.
    public struct Student: Sendable {
        /// Made from the file's name: `ada.json` is Ada, `mary-jane.json` is Mary Jane.
        public var name: String
        public var file: String
        public var report: Report?
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
    /// The folder the files came from, as given.
    public var source: String

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
        self.init(students: read, skipped: skipped, source: folder.path)
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
    }

    /// The format this version of the workbook writes and reads.
    static let format = Report(chapters: [], toolchain: "").format

    /// Reads one file, or says plainly what is wrong with it.
    static func read(_ url: URL) -> Student {
        let file = url.lastPathComponent
        var student = Student(name: name(fromFile: file), file: file)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            student.problem = "cannot be read"
            return student
        }
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            student.problem = "is empty"
            return student
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) else {
            student.problem = "is not complete JSON: cut short, or not a progress file"
            return student
        }
        guard let format = (object as? [String: Any])?["format"] as? String else {
            student.problem = "is not a progress report (make one with ./Scripts/progress --json)"
            return student
        }
        guard format == Self.format else {
            student.problem = "comes from another version of the workbook (\(format); this one reads \(Self.format))"
            return student
        }
        do {
            student.report = try Report.decode(data)
        } catch {
            student.problem = "is a progress report with missing or damaged parts"
        }
        return student
    }

    /// `ada.json` → "Ada", `mary-jane.json` → "Mary Jane".
    static func name(fromFile file: String) -> String {
        let stem = file.lowercased().hasSuffix(".json") ? String(file.dropLast(5)) : file
        let words = stem.split(whereSeparator: { "-_. ".contains($0) })
        guard !words.isEmpty else { return stem }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    // MARK: - What each cell says

    /// A chapter's cell for one student: "6/11", and the state behind it.
    struct Cell {
        var text: String
        var state: ChapterState?
    }

    func cell(_ student: Student, _ column: Column) -> Cell {
        guard let chapter = student.report?.chapters.first(where: { $0.number == column.number }) else {
            return Cell(text: "–", state: nil)
        }
        return Cell(text: "\(chapter.passed)/\(chapter.total.map(String.init) ?? "?")", state: chapter.state)
    }

    /// How many students have finished each chapter.
    func finished(_ column: Column) -> Int {
        students.count { student in
            student.report?.chapters.contains { $0.number == column.number && $0.state == .done } ?? false
        }
    }

    static func isBroken(_ state: ChapterState?) -> Bool {
        state == .doesNotCompile || state == .crashed || state == .timedOut
    }

    // MARK: - Text

    /// The grid for a terminal.
    public func text(style: Style) -> String {
        let nameWidth = max(8, (students.map(\.name.count).max() ?? 0))
        let width = 8
        var lines = [
            style.bold(
                "Class report: \(students.count) \(students.count == 1 ? "student" : "students"), from \(source)"),
            "",
        ]
        let header =
            "".padded(to: nameWidth) + columns.map { "Ch \($0.number)".leftPadded(to: width) }.joined()
            + "Total".leftPadded(to: width + 2)
        lines.append(style.bold(header))
        for student in students {
            var line = student.name.padded(to: nameWidth)
            for column in columns {
                let cell = cell(student, column)
                let mark = cell.state == .done ? "✔" : Self.isBroken(cell.state) ? "!" : " "
                let text = (cell.text + mark).leftPadded(to: width)
                line += cell.state == .done ? style.green(text) : Self.isBroken(cell.state) ? style.red(text) : text
            }
            if let report = student.report {
                line += "\(report.passed)/\(report.total)".leftPadded(to: width + 2)
            }
            lines.append(line)
        }
        lines.append(
            style.dim(
                "Finished".padded(to: nameWidth)
                    + columns.map { "\(finished($0))/\(students.count)".leftPadded(to: width) }.joined()))
        lines.append("")
        lines.append(style.dim("✔ done   ! does not compile, crashed or timed out   – not in that student's file"))
        for column in columns { lines.append(style.dim("Ch \(column.number): \(column.title)")) }
        if !skipped.isEmpty {
            lines.append("")
            lines.append(style.yellow("Skipped \(skipped.count) \(skipped.count == 1 ? "file" : "files"):"))
            lines += skipped.map { "  \($0.file) \($0.problem ?? "")" }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - HTML

    /// A self-contained page (no scripts, no downloads) that shows the same grid, big enough to
    /// project.
    public func html(generatedAt: Date = Date()) -> String {
        let date = ISO8601DateFormatter.string(from: generatedAt, timeZone: .current, formatOptions: [.withFullDate])
        var rows = ""
        for student in students {
            rows += "<tr><th scope=\"row\">\(escape(student.name))</th>"
            for column in columns {
                let cell = cell(student, column)
                let kind =
                    switch cell.state {
                    case .done: "done"
                    case .inProgress, .dataRace: "progress"
                    case .notStarted: "waiting"
                    case .doesNotCompile, .crashed, .timedOut: "broken"
                    case nil: "missing"
                    }
                let label = cell.state?.rawValue ?? "not in this file"
                let mark = cell.state == .done ? " ✔" : Self.isBroken(cell.state) ? " !" : ""
                // A broken chapter says which way it is broken, so a projected page needs no tooltip.
                let note = Self.isBroken(cell.state) ? "<small>\(escape(label))</small>" : ""
                rows +=
                    "<td class=\"\(kind)\" title=\"\(escape(label))\">\(escape(cell.text))\(mark)\(note)</td>"
            }
            let passed = student.report?.passed ?? 0
            let total = student.report?.total ?? 0
            let percent = total == 0 ? 0 : passed * 100 / total
            rows +=
                "<td class=\"total\"><span class=\"bar\"><span style=\"width: \(percent)%\"></span></span>"
                + "<span class=\"count\">\(passed)/\(total)</span></td></tr>\n"
        }
        let finishedRow =
            "<tr class=\"finished\"><th scope=\"row\">Finished</th>"
            + columns.map { "<td>\(finished($0))/\(students.count)</td>" }.joined() + "<td></td></tr>"
        let headers = columns.map {
            "<th scope=\"col\" title=\"\(escape($0.title))\">\($0.number)<small>\(escape($0.title))</small></th>"
        }.joined()
        let skippedList =
            skipped.isEmpty
            ? ""
            : "<section class=\"skipped\"><h2>Skipped \(skipped.count) \(skipped.count == 1 ? "file" : "files")</h2><ul>"
                + skipped.map { "<li><code>\(escape($0.file))</code> \(escape($0.problem ?? ""))</li>" }.joined()
                + "</ul></section>"
        let count = "\(students.count) \(students.count == 1 ? "student" : "students")"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Class report · Singletons workbook</title>
            <style>
            body { font: 20px/1.4 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; margin: 2rem; color: #1d1d1f; background: #fff; }
            h1 { font-size: 1.8rem; margin: 0 0 .2rem; }
            p.meta { color: #555; margin: 0 0 1.5rem; }
            table { border-collapse: separate; border-spacing: 4px; }
            th, td { padding: .45rem .7rem; text-align: center; border-radius: 6px; }
            thead th { vertical-align: bottom; font-size: 1.2rem; }
            thead th small { display: block; font-size: .65rem; font-weight: normal; color: #555; max-width: 8rem; }
            tbody th { text-align: left; font-size: 1.1rem; }
            td.done { background: #c8ecd0; color: #0b5d1e; font-weight: 600; }
            td.progress { background: #fde9b6; color: #6b4a00; }
            td.waiting { background: #eceff1; color: #555; }
            td.broken { background: #f9c9c9; color: #8a1111; font-weight: 600; }
            td.broken small { display: block; font-size: .6rem; font-weight: normal; }
            td.missing { color: #999; }
            td.total { text-align: right; white-space: nowrap; font-weight: 600; }
            .bar { display: inline-block; width: 6rem; height: .6rem; background: #e3e6e8; border-radius: 3px; margin-right: .6rem; vertical-align: middle; overflow: hidden; }
            .bar span { display: block; height: 100%; background: #2e9d4f; }
            tr.finished th, tr.finished td { color: #555; font-size: .9rem; border-radius: 0; border-top: 2px solid #ccc; }
            .count { display: inline-block; min-width: 4.5em; text-align: right; }
            .legend span { display: inline-block; padding: .1rem .5rem; border-radius: 4px; margin-right: .6rem; font-size: .85rem; }
            .skipped { margin-top: 1.5rem; color: #8a1111; }
            .skipped h2 { font-size: 1.1rem; }
            </style>
            </head>
            <body>
            <h1>Class report · Singletons workbook</h1>
            <p class="meta">\(count), made on \(escape(date)) from <code>\(escape(source))</code></p>
            <table>
            <thead><tr><th></th>\(headers)<th scope="col">Total</th></tr></thead>
            <tbody>
            \(rows)\(finishedRow)
            </tbody>
            </table>
            <p class="legend"><span class="done" style="background:#c8ecd0">done ✔</span><span style="background:#fde9b6">in progress</span><span style="background:#eceff1">not started</span><span style="background:#f9c9c9">does not compile, crashed or timed out !</span></p>
            \(skippedList)
            </body>
            </html>

            """
    }

    func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// `./Scripts/class-report FOLDER`: the class grid in the terminal, and as a page to project.
public enum ClassReportCommand {
    public static let usage = """
        usage: ./Scripts/class-report FOLDER [--html FILE] [--no-color]

        Reads every student's progress file in FOLDER (each made with
        `./Scripts/progress --json > name.json`; the file's name is the student's name:
        ada.json is Ada), prints the class as a grid of students and chapters, and writes
        the same grid as a web page to FOLDER/class-report.html (or FILE), to open or project.

        Files that cannot be used (empty, cut short, from another version of the workbook)
        are named with the reason and skipped. The exit status is 0 when at least one file
        could be read.
        """

    public static func main(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        var folder: String?
        var htmlPath: String?
        var style = Style.detect()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--html":
                guard let path = rest.popFirst() else {
                    printError("--html takes a file name\n\n\(usage)")
                    return 2
                }
                htmlPath = path
            case "--no-color": style.colors = false
            default:
                guard folder == nil, !argument.hasPrefix("-") else {
                    printError("unknown argument: \(argument)\n\n\(usage)")
                    return 2
                }
                folder = argument
            }
        }
        guard let folder else {
            printError(usage)
            return 2
        }
        let url = URL(fileURLWithPath: folder)
        let report: ClassReport
        do {
            report = try ClassReport(folder: url)
        } catch {
            printError("Cannot read the folder \(folder): \(error.localizedDescription)")
            return 1
        }
        print(report.text(style: style))
        let page = URL(fileURLWithPath: htmlPath ?? url.appendingPathComponent("class-report.html").path)
        do {
            try report.html().write(to: page, atomically: true, encoding: .utf8)
            print("\nThe page to open or project: \(page.path)")
        } catch {
            printError("Could not write \(page.path): \(error.localizedDescription)")
            return 1
        }
        if report.students.isEmpty {
            printError("No progress file in \(folder) could be read.")
            return 1
        }
        return 0
    }
}
