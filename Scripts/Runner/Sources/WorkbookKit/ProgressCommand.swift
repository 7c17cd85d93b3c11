import Foundation

/// `./Scripts/progress`: where the learner stands.
public enum ProgressCommand {
    public static let usage = """
        usage: ./Scripts/progress [N] [options]

        Builds your code, runs every chapter's tests (each chapter on its own, so one broken
        chapter cannot hide the others) and shows where you stand.

          ./Scripts/progress              one line per chapter, and the next thing to fix
          ./Scripts/progress N            every test of chapter N, with its message
          ./Scripts/progress --watch [N]  the same, again each time you save a file
          ./Scripts/progress --hint N     chapter N's hints, one at a time (questions, not answers)
          ./Scripts/progress --hint N S [K]   start at hint K of step S
          ./Scripts/progress --reset N    put chapter N back as committed; your files are
                                          copied to .workbook/backups/ first (asks first; --yes
                                          does not ask)

        options:
          --json                the whole report as JSON (for teachers and tools)
          --time-limit SECONDS  how long one chapter's tests may run (default 30)
          --no-color            no colours (also: NO_COLOR=1, or output that is not a terminal)
          --help                this text

        The exit status is 0 whenever a report was made, whatever it says; non-zero only
        when the runner could not report.
        """

    struct Options {
        var chapter: Int?
        var json = false
        var colors: Bool?
        var timeLimit: Duration = .seconds(30)
        var watch = false
        /// `--hint N [STEP [K]]`
        var hint: (chapter: Int, step: Int?, index: Int?)?
        var reset: Int?
        var confirmed = false
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--json": options.json = true
            case "--no-color": options.colors = false
            case "--watch": options.watch = true
            case "--yes", "-y": options.confirmed = true
            case "--reset":
                guard let number = rest.popFirst().flatMap(Int.init) else {
                    throw CommandError("--reset takes a chapter number")
                }
                options.reset = number
            case "--hint", "--hints":
                guard let number = rest.popFirst().flatMap(Int.init) else {
                    throw CommandError("--hint takes a chapter number, then optionally a step and a hint number")
                }
                let step = rest.first.flatMap(Int.init)
                if step != nil { rest.removeFirst() }
                let index = step == nil ? nil : rest.first.flatMap(Int.init)
                if index != nil { rest.removeFirst() }
                options.hint = (number, step, index)
            case "--time-limit":
                guard let value = rest.popFirst().flatMap(Double.init), value > 0 else {
                    throw CommandError("--time-limit takes a number of seconds")
                }
                options.timeLimit = .milliseconds(Int(value * 1000))
            default:
                guard let number = Int(argument), options.chapter == nil else {
                    throw CommandError("unknown argument: \(argument)")
                }
                options.chapter = number
            }
        }
        return options
    }

    public static func main(_ arguments: [String], workbook: Workbook) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            printError("\(error)\n\n\(usage)")
            return 2
        }
        for number in [options.chapter, options.hint?.chapter, options.reset].compactMap({ $0 })
        where workbook.chapter(number) == nil {
            let numbers = workbook.chapters.map { String($0.number) }.joined(separator: ", ")
            printError("There is no chapter \(number). The chapters are \(numbers).")
            return 2
        }
        var style = Style.detect()
        if let colors = options.colors { style.colors = colors && style.colors }

        if let hint = options.hint, let chapter = workbook.chapter(hint.chapter) {
            let status = HintCommand.main(
                chapter: chapter, step: hint.step, index: hint.index, workbook: workbook, style: style)
            // Activity hook (issue 16): count the showing, for the teacher's report.
            if status == 0 { ActivityLog(workbook: workbook).recordHint(chapter: chapter.number) }
            return status
        }
        if let number = options.reset, let chapter = workbook.chapter(number) {
            return await ResetCommand.main(chapter: chapter, confirmed: options.confirmed, workbook: workbook)
        }

        var runner = ProgressRunner(tools: PackageTools(workbook: workbook))
        runner.timeLimit = options.timeLimit
        let statusLine = StatusLine()
        runner.status = { statusLine.show($0) }
        if options.watch {
            return await WatchCommand.main(runner: runner, detail: options.chapter, style: style)
        }
        var report: Report
        do {
            report = try await runner.report()
        } catch {
            statusLine.clear()
            printError("The runner could not make a report: \(error)")
            return 1
        }
        statusLine.clear()
        // Activity hook (issue 16): count the run, and put each chapter's activity in the report.
        report = ActivityLog(workbook: workbook).recordRun(report, selected: options.chapter)

        if options.json {
            do {
                print(try report.json())
            } catch {
                printError("The report could not be written as JSON: \(error)")
                return 1
            }
        } else if let number = options.chapter, let chapter = report.chapters.first(where: { $0.number == number }) {
            print(ReportText.detail(chapter, style: style))
        } else {
            print(ReportText.overview(report, style: style))
        }
        return 0
    }
}

/// A line on standard error that says what is happening, overwritten as things move on; only
/// on a terminal.
final class StatusLine: Sendable {
    private let enabled = isatty(STDERR_FILENO) == 1

    func show(_ text: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Writes to standard output at once, unbuffered: a prompt shows before the answer is read, and
/// a log shows each line as it happens.
func printNow(_ text: String, terminator: String = "\n") {
    FileHandle.standardOutput.write(Data((text + terminator).utf8))
}
