import Foundation
import WorkbookCore

/// `./Scripts/progress`: where the learner stands.
public enum ProgressCommand {
    public static var usage: String {
        """
        usage: ./Scripts/progress [N] [options]

        Builds your code, runs the chapters' tests (each chapter on its own, so one broken
        chapter cannot hide the others) and shows where you stand: with no options, one line
        per chapter and the next thing to fix.

        \(table.usage(width: 21))

        A chapter is done when every test passes and Thread Sanitizer, run on the same tests,
        sees no data race (checked once its tests pass, again only after a change).

        The exit status is 0 whenever a report was made, whatever it says; non-zero only
        when the runner could not report. `--check N` exits 0 only when chapter N is done.
        """
    }

    struct Options {
        var chapter: Int?
        var json = false
        /// `--save-json FILE`: the JSON written to a file beside the report that is printed.
        var saveJSON: String?
        var colors: Bool?
        var timeLimit: Duration = .seconds(30)
        var watch = false
        var all = false
        /// `--hint N [STEP [K]]`
        var hint: (chapter: Int, step: Int?, index: Int?)?
        var reset: Int?
        var restore: Int?
        var check: Int?
        var confirmed = false
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        do {
            try table.parse(arguments, into: &options)
        } catch let error as OptionError {
            throw CommandError(error.message)
        }
        return options
    }

    /// Progress's options, the one place they are parsed, described and checked together.
    static var table: OptionTable<Options> {
        typealias Option = OptionTable<Options>.Option
        func chapter(_ option: String, _ value: String?) throws -> Int {
            guard let number = value.flatMap(Int.init) else {
                throw OptionError("\(option) takes a chapter number, such as \(option) 3")
            }
            return number
        }
        func chapterOption(_ name: String, help: [String], set: @escaping (inout Options, Int) -> Void) -> Option {
            Option(name, value: "N", valueInWords: "a chapter number, such as \(name) 3", help: help) {
                set(&$0, try chapter(name, $1))
            }
        }
        let positional = OptionTable<Options>.Positional(
            "N",
            help: [
                "chapter N only: the step you are on, every test of it with its",
                "message, later steps a line each (builds and tests nothing else:",
                "the everyday loop)",
            ]
        ) { options, argument in
            guard let number = Int(argument), options.chapter == nil else {
                throw OptionError("unknown argument: \(argument)")
            }
            options.chapter = number
        }
        let rows: [Option] = [
            Option(
                "--all",
                help: [
                    "with N: every test of every step, every message whole (with",
                    "--watch: nor trimmed to the window)",
                ]
            ) {
                options, _ in options.all = true
            },
            Option("--watch", help: ["the same report, again each time you save a file ([N] too)"]) { options, _ in
                options.watch = true
            },
            Option(
                "--hint", "--hints", value: "N [S [K]]",
                valueInWords: "a chapter number, then optionally a step and a hint number", numbersAfter: 2,
                help: [
                    "chapter N's hints, one at a time (questions, then the code), from",
                    "the step you are on; with S and K: step S, hint K (default 1),",
                    "so --hint 5 7 2 is chapter 5, step 7, hint 2",
                ]
            ) { options, value in
                let numbers = (value ?? "").split(separator: " ").compactMap { Int($0) }
                guard let number = numbers.first else {
                    throw OptionError("--hint takes a chapter number, then optionally a step and a hint number")
                }
                options.hint = (number, numbers.dropFirst().first, numbers.dropFirst(2).first)
            },
            chapterOption(
                "--reset",
                help: ["put chapter N back as committed; your files are copied to", ".workbook/backups/ first"]
            ) { $0.reset = $1 },
            chapterOption(
                "--restore",
                help: ["bring back chapter N's last backup; your files are copied to", ".workbook/backups/ first"]
            ) { $0.restore = $1 },
            chapterOption("--check", help: ["for autograding: exits 0 only when chapter N is done"]) { $0.check = $1 },
            Option("--json", help: ["the report as JSON (for teachers and tools); with N, chapter N only"]) {
                options, _ in options.json = true
            },
            Option(
                "--save-json", value: "FILE", valueInWords: "a file name, such as --save-json progress.json",
                help: [
                    "the report as usual, and as JSON in FILE too (one run: for CI,",
                    "which shows the one and keeps the other)",
                ]
            ) { $0.saveJSON = $1 },
            Option(
                "--time-limit", value: "SECONDS",
                valueInWords: "a number of seconds, such as --time-limit 60",
                help: ["how long one chapter's tests may run (default 30)"]
            ) { options, text in
                guard let text, let value = Double(text), value.isFinite else {
                    throw OptionError("--time-limit takes a number of seconds, such as --time-limit 60")
                }
                guard value > 0 else {
                    throw OptionError(
                        "--time-limit \(text): the time limit is how long one chapter's tests may run before "
                            + "they are stopped, so it must be more than 0 seconds (the default is 30)")
                }
                options.timeLimit = .milliseconds(Int((value * 1000).rounded(.up)))
            },
            Option("--yes", "-y", help: ["reset or restore without asking"]) { options, _ in options.confirmed = true },
            Option("--no-color", help: ["no colours (also: NO_COLOR=1, or output that is not a terminal)"]) {
                options, _ in options.colors = false
            },
            Option("--help", "-h", help: ["this text"]) { _, _ in },
        ]
        typealias Rule = OptionTable<Options>.Rule
        let rules = [
            Rule("--watch, --hint, --reset, --restore and --check go one at a time") { options in
                let actions = [options.hint != nil, options.reset != nil, options.restore != nil, options.check != nil]
                return actions.count(where: { $0 }) <= 1 && !(options.watch && actions.contains(true))
            },
            Rule("--check N prints a one-line verdict; it takes no other chapter and no --json") {
                $0.check == nil || (!$0.json && $0.chapter == nil)
            },
            Rule("--save-json goes with a plain report: ./Scripts/progress --save-json progress.json") {
                $0.saveJSON == nil || !($0.json || $0.watch || $0.check != nil)
            },
            Rule("--json makes one report; it does not go with --watch") { !($0.json && $0.watch) },
        ]
        return OptionTable(rows, positional: positional, rules: rules)
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
            printError("\(error)\n(./Scripts/progress --help lists the options.)")
            return 2
        }
        for number in [options.chapter, options.hint?.chapter, options.reset, options.restore, options.check]
            .compactMap({ $0 }) where workbook.chapter(number) == nil
        {
            let numbers = workbook.chapters.map { String($0.number) }.joined(separator: ", ")
            printError("There is no chapter \(number). The chapters are \(numbers).")
            return 2
        }
        var style = Style.detect()
        if let colors = options.colors { style.colors = colors && style.colors }
        let world: WorkbookWorld
        do {
            world = try WorkbookWorld.chosen(for: workbook)
        } catch {
            printError("\(error)")
            return 2
        }
        let tools = PackageTools(workbook: workbook, world: world)

        if let hint = options.hint, let chapter = workbook.chapter(hint.chapter) {
            let status = HintCommand.main(
                chapter: chapter, step: hint.step, index: hint.index, workbook: workbook, style: style,
                lastReport: ProgressRunner.lastKnownReport(in: tools.scratchFolder, world: tools.world))
            // Activity hook (issue 16): count the showing, for the teacher's report.
            if status == 0 { ActivityLog(workbook: workbook).recordHint(chapter: chapter.number) }
            return status
        }
        if let number = options.reset, let chapter = workbook.chapter(number) {
            return await ResetCommand.main(chapter: chapter, confirmed: options.confirmed, workbook: workbook)
        }
        if let number = options.restore, let chapter = workbook.chapter(number) {
            return RestoreCommand.main(chapter: chapter, confirmed: options.confirmed, workbook: workbook)
        }

        var runner = ProgressRunner(tools: tools)
        runner.timeLimit = options.timeLimit
        let environment = ProcessInfo.processInfo.environment
        runner.headStartLog = environment["WORKBOOK_HEAD_START_LOG"].map { URL(fileURLWithPath: $0) }
        let statusLine = StatusLine()
        runner.status = { statusLine.show($0) }
        stopChildrenOnInterrupt(
            statusLine: statusLine, headStart: environment["WORKBOOK_HEAD_START_PID"].flatMap { Int32($0) })

        if let number = options.check, let chapter = workbook.chapter(number) {
            return await CheckCommand.main(chapter: chapter, runner: runner, statusLine: statusLine)
        }
        if options.watch {
            return await WatchCommand.main(
                runner: runner, detail: options.chapter, all: options.all, style: style, statusLine: statusLine)
        }
        var report: Report
        do {
            report = try await runner.report(only: options.chapter.map { [$0] })
        } catch {
            statusLine.clear()
            printError("The runner could not make a report: \(error)")
            return 1
        }
        statusLine.clear()
        // Activity hook (issue 16): count the run, and put each chapter's activity in the report.
        // A hand-in (`--json`, `--save-json`) is not work on a chapter: it gets the activity, and
        // counts nothing.
        let handIn = options.json || options.saveJSON != nil
        report = ActivityLog(workbook: workbook).recordRun(report, selected: options.chapter, counting: !handIn)
        Trace.mark("activity recorded")
        // The JSON: with N, one chapter's report, which says so, so that a class report marks it partial.
        var handedIn = report
        if let number = options.chapter {
            handedIn.chapters = handedIn.chapters.filter { $0.number == number }
            handedIn.coveredChapters = [number]
        }

        if let path = options.saveJSON {
            do {
                try Data(try handedIn.json().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                printError("The report could not be written to \(path): \(error)")
                return 1
            }
        }
        if options.json {
            do {
                print(try handedIn.json())
            } catch {
                printError("The report could not be written as JSON: \(error)")
                return 1
            }
        } else if let number = options.chapter, let chapter = report.chapters.first(where: { $0.number == number }) {
            print(
                ReportText.detail(
                    chapter, style: style, all: options.all, world: report.world,
                    lastCompiled: runner.lastCompiled(ifBroken: chapter)))
            // The same code can fare differently in the other world: say so when it did.
            let other: WorkbookWorld = tools.world == .app ? .library : .app
            let otherTools = PackageTools(workbook: workbook, world: other)
            if let last = ProgressRunner.lastKnownReport(in: otherTools.scratchFolder, world: other),
                let then = last.chapters.first(where: { $0.number == number }), then.state != chapter.state
            {
                print(
                    "\n"
                        + style.yellow(
                            "  In the \(other.rawValue) world, when you last ran it there, this chapter was "
                                + "\(then.state.rawValue) (\(then.passed)/\(then.total.map(String.init) ?? "?")): the two "
                                + "worlds compile the same code differently (the lesson's \"In an app target\" says how)."
                        ))
            }
            if chapter.state == .done, let next = workbook.chapters.first(where: { $0.number > number }) {
                print("\n" + ReportText.onward(to: next, style: style))
            }
        } else {
            print(ReportText.overview(report, style: style))
        }
        Trace.mark("printed")
        return 0
    }

    /// Ctrl-C (or `kill`) stops the builds and test processes the runner started, and the build
    /// `Scripts/workbook` started ahead of it, instead of leaving them running.
    static func stopChildrenOnInterrupt(statusLine: StatusLine, headStart: Int32?) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                statusLine.clear()
                Command.stopAll()
                if let headStart, isOurChild(headStart) { Signal.send(SIGTERM, to: headStart) }
                exit(128 + signalNumber)
            }
            source.resume()
            // The source must live as long as the runner: never released.
            _ = Unmanaged.passRetained(source as AnyObject)
        }
    }

    /// Whether `pid` is a child of this process (the wrapper's build became ours when it handed
    /// over with `exec`), so that a process id reused since is never signalled. Linux only.
    static func isOurChild(_ pid: Int32) -> Bool {
        #if os(Linux)
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == getpid()
        #else
            return false
        #endif
    }
}
