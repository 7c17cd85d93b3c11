import Foundation
import WorkbookCore

/// `./Scripts/progress`: where the learner stands.
public enum ProgressCommand {
    public static let usage = """
        usage: ./Scripts/progress [N] [options]

        Builds your code, runs the chapters' tests (each chapter on its own, so one broken
        chapter cannot hide the others) and shows where you stand.

          ./Scripts/progress              one line per chapter, and the next thing to fix
          ./Scripts/progress N            chapter N only: the step you are on, every test of it
                                          with its message, later steps a line each (builds
                                          and tests nothing else: the everyday loop)
          ./Scripts/progress N --all      every test of every step, every message whole
          ./Scripts/progress --watch [N]  the same, again each time you save a file
          ./Scripts/progress --hint N     chapter N's hints, one at a time (questions, then
                                          the code), from the step you are on
          ./Scripts/progress --hint N S [K]   chapter N, step S, hint K (default 1): --hint 5 7 2
                                          is chapter 5, step 7, hint 2
          ./Scripts/progress --reset N    put chapter N back as committed; your files are
                                          copied to .workbook/backups/ first
          ./Scripts/progress --restore N  bring back chapter N's last backup; your files are
                                          copied to .workbook/backups/ first
          ./Scripts/progress --check N    for autograding: exits 0 only when chapter N is done

        A chapter is done when every test passes and Thread Sanitizer, run on the same tests,
        sees no data race (checked once its tests pass, again only after a change).

        options:
          --json                the report as JSON (for teachers and tools); with N, chapter N only
          --save-json FILE      the report as usual, and as JSON in FILE too (one run: for CI, which
                                shows the one and keeps the other)
          --all                 with N: every step's tests, nothing shortened (with --watch:
                                nor trimmed to the window)
          --time-limit SECONDS  how long one chapter's tests may run (default 30)
          --yes, -y             reset or restore without asking
          --no-color            no colours (also: NO_COLOR=1, or output that is not a terminal)
          --help                this text

        The exit status is 0 whenever a report was made, whatever it says; non-zero only
        when the runner could not report. `--check N` exits 0 only when chapter N is done.
        """

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
        var rest = arguments[...]
        func chapterNumber(after option: String) throws -> Int {
            guard let number = rest.popFirst().flatMap(Int.init) else {
                throw CommandError("\(option) takes a chapter number, such as \(option) 3")
            }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--json": options.json = true
            case "--save-json":
                guard let path = rest.popFirst(), !path.hasPrefix("-") else {
                    throw CommandError("--save-json takes a file name, such as --save-json progress.json")
                }
                options.saveJSON = path
            case "--no-color": options.colors = false
            case "--watch": options.watch = true
            case "--all": options.all = true
            case "--yes", "-y": options.confirmed = true
            case "--reset": options.reset = try chapterNumber(after: argument)
            case "--restore": options.restore = try chapterNumber(after: argument)
            case "--check": options.check = try chapterNumber(after: argument)
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
                guard let text = rest.popFirst(), let value = Double(text), value.isFinite else {
                    throw CommandError("--time-limit takes a number of seconds, such as --time-limit 60")
                }
                guard value > 0 else {
                    throw CommandError(
                        "--time-limit \(text): the time limit is how long one chapter's tests may run before "
                            + "they are stopped, so it must be more than 0 seconds (the default is 30)")
                }
                options.timeLimit = .milliseconds(Int((value * 1000).rounded(.up)))
            default:
                guard let number = Int(argument), options.chapter == nil else {
                    throw CommandError("unknown argument: \(argument)")
                }
                options.chapter = number
            }
        }
        let actions = [options.hint != nil, options.reset != nil, options.restore != nil, options.check != nil]
        if actions.count(where: { $0 }) > 1 || (options.watch && actions.contains(true)) {
            throw CommandError("--watch, --hint, --reset, --restore and --check go one at a time")
        }
        if options.check != nil && (options.json || options.chapter != nil) {
            throw CommandError("--check N prints a one-line verdict; it takes no other chapter and no --json")
        }
        if options.saveJSON != nil && (options.json || options.watch || options.check != nil) {
            throw CommandError("--save-json goes with a plain report: ./Scripts/progress --save-json progress.json")
        }
        if options.json && options.watch {
            throw CommandError("--json makes one report; it does not go with --watch")
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
