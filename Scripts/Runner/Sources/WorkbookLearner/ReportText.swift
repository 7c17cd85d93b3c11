import Foundation
import WorkbookCore

/// The report as people read it.
public enum ReportText {
    /// One line per chapter, the overall count, and what to do next.
    public static func overview(_ report: Report, style: Style) -> String {
        var lines = [style.bold("Singletons workbook: your progress" + worldNote(report.world)), ""]
        let titleWidth = max(24, report.chapters.map(\.title.count).max() ?? 0)
        for chapter in report.chapters {
            let count = "\(chapter.passed)/\(chapter.total.map(String.init) ?? "?")".leftPadded(to: 6)
            lines.append(
                "  \(String(chapter.number).leftPadded(to: 2))  \(chapter.title.padded(to: titleWidth))  "
                    + "\(bar(chapter.passed, of: chapter.total ?? 0, style: style))  \(count)  "
                    + state(chapter.state, style: style))
        }
        let percent = report.total == 0 ? 0 : report.passed * 100 / report.total
        lines.append("")
        lines.append(
            "      \("Overall".padded(to: titleWidth))  \(bar(report.passed, of: report.total, style: style))  "
                + "\("\(report.passed)/\(report.total)".leftPadded(to: 6))  \(percent)%")
        lines.append("")

        if !report.buildProblems.isEmpty {
            lines.append(style.red("The workbook itself does not build, so no chapter could be tested:"))
            lines += report.buildProblems.prefix(8).map { "  " + $0 }
            lines.append("")
        }
        if let changed = report.changedTests, !changed.isEmpty {
            lines += changedTests(changed, style: style, indent: "")
            lines.append("")
        }
        if let current = report.current {
            lines += nextStep(current, style: style)
        } else if !report.chapters.isEmpty {
            lines.append(style.green("Every chapter is done. Well played!"))
        }
        return lines.joined(separator: "\n")
    }

    /// The test files that differ from the originals, and how to put them back.
    static func changedTests(_ changed: [ChangedTestFile], style: Style, indent: String) -> [String] {
        var lines = [
            style.yellow(
                "\(indent)\(changed.count == 1 ? "A test file differs" : "\(changed.count) test files differ") "
                    + "from the workbook's originals, so the results may not mean what they say:")
        ]
        lines += changed.prefix(6).map { "\(indent)  \($0.summary)" }
        if changed.count > 6 { lines.append(style.dim("\(indent)  (and \(changed.count - 6) more)")) }
        lines.append(style.dim("\(indent)  To put the tests back as they were: git checkout -- Tests"))
        return lines
    }

    /// What the race check found, for a chapter whose tests all pass.
    static func raceCheck(_ result: RaceCheckResult?, style: Style, indent: String) -> [String] {
        guard let result else { return [] }
        switch result.verdict {
        case .clean:
            return [
                style.dim(
                    "\(indent)No data race under Thread Sanitizer\(result.cached ? " (checked earlier, files unchanged)" : "")."
                )
            ]
        case .races:
            var lines = [
                style.red(
                    "\(indent)Every test passes, but Thread Sanitizer saw \(result.races.count == 1 ? "a data race" : "\(result.races.count) data races"): "
                        + "two tasks touch the same memory at once, and at least one of them writes.")
            ]
            for race in result.races.prefix(3) { lines.append("\(indent)  \(race.summary)") }
            if result.races.count > 3 { lines.append(style.dim("\(indent)  (and \(result.races.count - 3) more)")) }
            lines.append(
                style.dim(
                    "\(indent)  Done means race-free: protect that state (a lock, an actor), then run this again."))
            return lines
        case .testsFail:
            var lines = [
                style.red(
                    "\(indent)Every test passes, but run again under Thread Sanitizer (which changes the timing) "
                        + (result.failingTests.isEmpty ? "the tests did not pass" : "these did not")
                        + (result.note.map { " (\($0))" } ?? "") + ":")
            ]
            lines += result.failingTests.prefix(5).map { "\(indent)  ✘ \($0)" }
            lines.append(style.dim("\(indent)  Code that passes only with lucky timing is not done yet."))
            return lines
        case .notChecked:
            return [
                style.yellow("\(indent)Not checked for data races on this machine: \(result.note ?? "unknown reason").")
            ]
        }
    }

    /// What to do next in the chapter to work on.
    static func nextStep(_ chapter: ChapterReport, style: Style) -> [String] {
        let step = chapter.step.map { " (step \($0))" } ?? ""
        var lines = [style.bold("Next: Chapter \(chapter.number) · \(chapter.title)\(step)")]
        switch chapter.state {
        case .doesNotCompile:
            lines.append(style.red("  The chapter's code does not compile:"))
            if let why = CompilerTraps.onlyInTests(
                chapter.compileErrors, chapterTests: "Tests/Chapter\(chapter.number)Tests")
            {
                lines.append(style.dim("    → \(why)"))
            }
            lines += CompilerTraps.lines(for: Array(chapter.compileErrors.prefix(3)), indent: "    ", style: style)
            if chapter.compileErrors.count > 3 {
                lines.append(style.dim("    (and \(chapter.compileErrors.count - 3) more)"))
            }
        case .crashed, .timedOut:
            let stuck = chapter.tests.filter { $0.state == .crashed || $0.state == .timedOut }
            let verb = chapter.state == .crashed ? "crashed" : "did not finish in time"
            lines.append(style.red("  The tests \(verb)."))
            if let crash = chapter.crash { lines.append("    \(crash)") }
            for test in stuck {
                lines.append("  \(symbol(test.state, style: style)) \(test.name)")
                if let file = test.file, let line = test.line { lines.append(style.dim("    \(file):\(line)")) }
            }
        case .testsChanged:
            lines += testsChangedVerdict(chapter, style: style, indent: "  ")
        case .done, .inProgress, .notStarted, .dataRace:
            if let failing = chapter.nextTest {
                lines += describe(
                    failing, style: style, indent: "  ", rest: "./Scripts/progress \(chapter.number) --all")
            } else {
                lines += raceCheck(chapter.raceCheck, style: style, indent: "  ")
            }
        }
        if chapter.state != .testsChanged, let changed = chapter.changedTests, !changed.isEmpty {
            lines.append(
                style.yellow("  Its test files differ from the originals: ")
                    + changed.prefix(3).map(\.path).joined(separator: ", ") + (changed.count > 3 ? ", …" : ""))
        }
        lines.append("")
        lines.append("  Read the lesson: \(chapter.lesson)")
        lines.append(
            "  Stuck? ./Scripts/progress --hint \(chapter.number)    "
                + "Every test: ./Scripts/progress \(chapter.number)")
        return lines
    }

    /// Why a chapter whose tests all pass is not done: its tests are not the workbook's.
    static func testsChangedVerdict(_ chapter: ChapterReport, style: Style, indent: String) -> [String] {
        let changed = chapter.changedTests ?? []
        var lines = [
            style.red(
                "\(indent)Every test passes, but not done: \(changed.count == 1 ? "a test file differs" : "test files differ") "
                    + "from the workbook's originals, and a chapter is done only with its own tests:")
        ]
        lines += changed.prefix(6).map { "\(indent)  \($0.summary)" }
        if changed.count > 6 { lines.append(style.dim("\(indent)  (and \(changed.count - 6) more)")) }
        lines.append(
            style.dim(
                "\(indent)  To put the tests back as they were: git checkout -- Tests"))
        return lines
    }

    /// One chapter: the step the learner is on first, with every test of it and its messages;
    /// earlier steps (all passing) and later steps folded to a line each. `all` lists every test
    /// of every step, each message whole (`./Scripts/progress N --all`).
    /// Where to go once a chapter is done: the next one, as the overview would say.
    static func onward(to next: Chapter, style: Style) -> String {
        style.bold("Done. Next: Chapter \(next.number) · \(next.title)") + "\n  Read the lesson: \(next.lesson)"
            + "\n  Then: ./Scripts/progress \(next.number)"
    }

    /// Said after the title in the app world only, so that a learner never mistakes one world's
    /// verdicts for the other's; the library world is the workbook as it always was.
    static func worldNote(_ world: WorkbookWorld?) -> String {
        world == .app ? " (app world: chapters compiled as an Xcode 26 app target)" : ""
    }

    public static func detail(
        _ chapter: ChapterReport, style: Style, all: Bool = false, world: WorkbookWorld? = nil,
        lastCompiled: ChapterReport? = nil
    ) -> String {
        var lines = [
            style.bold(
                "Chapter \(chapter.number) · \(chapter.title): "
                    + "\(chapter.passed)/\(chapter.total.map(String.init) ?? "?") passed, \(chapter.state.rawValue)")
                + worldNote(world),
            "  Lesson: \(chapter.lesson)", "",
        ]
        if let changed = chapter.changedTests, !changed.isEmpty {
            lines += changedTests(changed, style: style, indent: "  ")
            lines.append("")
        }
        if chapter.state == .doesNotCompile {
            lines.append(style.red("  The chapter's code does not compile:"))
            if let why = CompilerTraps.onlyInTests(
                chapter.compileErrors, chapterTests: "Tests/Chapter\(chapter.number)Tests")
            {
                lines.append(style.dim("    → \(why)"))
            }
            lines += CompilerTraps.lines(for: chapter.compileErrors, indent: "    ", style: style)
            if let then = lastCompiled {
                // The steps it had reached are not lost: they come back once it compiles.
                let steps = Set(then.tests.compactMap(\.step)).sorted()
                if !steps.isEmpty {
                    lines.append("")
                    lines.append(style.dim("  When it last compiled:"))
                    for step in steps {
                        let tests = then.tests.filter { $0.step == step }
                        let passing = tests.count { $0.state == .passed }
                        let mark = passing == tests.count ? symbol(.passed, style: style) : style.dim("○")
                        lines.append(style.dim("  \(mark) Step \(step): \(passing)/\(tests.count) pass"))
                    }
                }
            }
            return lines.joined(separator: "\n")
        }
        if let crash = chapter.crash {
            lines.append(style.red("  The tests stopped early: \(crash)"))
            lines.append("")
        }
        let whole = "./Scripts/progress \(chapter.number) --all"
        let current = all ? nil : chapter.step
        if let step = chapter.step {
            lines.append(
                "  You are on step \(step): the first step with a test that does not pass."
                    + (all ? "" : style.dim(" Every step, every message whole: \(whole)")))
            lines.append("")
        }
        // Steps before the current one pass: a line each. Then the current step in full.
        var folded: [Int] = []
        if let current {
            let earlier = Set(chapter.tests.compactMap(\.step).filter { $0 < current })
            for step in earlier.sorted() {
                let tests = chapter.tests.filter { $0.step == step }
                lines.append("  \(symbol(.passed, style: style)) Step \(step): \(tests.count)/\(tests.count) pass")
            }
            if !earlier.isEmpty {
                // A step's tests can pass with a race in its code: say when the race check comes.
                lines.append(
                    style.dim(
                        "  (Passing steps are checked for data races later: Thread Sanitizer runs once every "
                            + "test of the chapter passes.)"))
                lines.append("")
            }
            folded = Set(chapter.tests.compactMap(\.step).filter { $0 > current }).sorted()
        }
        let shown = chapter.tests.filter { test in
            guard let current, let step = test.step else { return true }
            return step == current
        }
        var suite: String?? = .none
        for test in shown {
            if suite != .some(test.suite) {
                suite = .some(test.suite)
                if let name = test.suite { lines.append("  " + style.bold(name)) }
            }
            lines += describe(
                test, style: style, indent: test.suite == nil ? "  " : "    ", maximumLines: all ? nil : 60,
                rest: all ? nil : whole)
        }
        if !folded.isEmpty {
            lines.append("")
            lines.append(
                style.bold("  Later steps")
                    + style.dim(" (their tests wait for the steps before them; \(whole) lists them):"))
            for step in folded {
                let tests = chapter.tests.filter { $0.step == step }
                let passing = tests.count { $0.state == .passed }
                let first = tests.first(where: \.needsWork).map { " · next: “\($0.name)”" } ?? ""
                lines.append("    ○ Step \(step): \(passing)/\(tests.count) pass\(first)")
            }
        }
        if chapter.tests.contains(where: \.needsWork), let printed = chapter.printed {
            lines.append("")
            lines.append(
                style.bold("  What the tests printed")
                    + style.dim(" (standard output of the run; tests run in parallel, so their lines may mix):"))
            lines += printed.split(separator: "\n", omittingEmptySubsequences: false).map { "    │ " + $0 }
        }
        let race = raceCheck(chapter.raceCheck, style: style, indent: "  ")
        if !race.isEmpty {
            lines.append("")
            lines += race
        }
        if chapter.state == .testsChanged {
            lines.append("")
            lines += testsChangedVerdict(chapter, style: style, indent: "  ")
        }
        return lines.joined(separator: "\n")
    }

    /// A test and what went wrong. A message's reason (the test's explanation for the learner, or
    /// a message of one line) is never cut. What may be shortened says where the rest is (`rest`,
    /// the command that shows it whole): Swift Testing's own line above an explanation, past
    /// ``expertLineLimit`` characters; a message past `maximumLines` lines (a compile check's
    /// snippet); issues past the third. `rest` `nil` shortens nothing.
    static func describe(
        _ test: TestResult, style: Style, indent: String, maximumLines: Int? = 12, rest: String? = nil
    ) -> [String] {
        var lines = ["\(indent)\(symbol(test.state, style: style)) \(test.name)"]
        guard test.state != .passed else { return lines }
        switch test.state {
        case .notRun: lines.append(style.dim("\(indent)    did not run: an earlier test stopped the run"))
        case .crashed: lines.append(style.red("\(indent)    the process crashed while this test was running"))
        case .timedOut: lines.append(style.red("\(indent)    still running when the time was up"))
        case .skipped: lines.append(style.dim("\(indent)    skipped"))
        case .passed, .failed: break
        }
        let issues = rest == nil ? test.issues[...] : test.issues.prefix(3)
        for issue in issues {
            let messageLines = issue.message.split(separator: "\n")
            let explained = messageLines.count > 1
            let kept = rest == nil ? messageLines[...] : messageLines.prefix(maximumLines ?? messageLines.count)
            for (index, line) in kept.enumerated() {
                // Swift Testing's own line ("Expectation failed: …") is for experts; the test's
                // explanation under it is the part written for the learner, and is never cut.
                if let difference = Self.collectionDifference(line) {
                    lines.append("\(indent)    " + style.dim(difference))
                } else if index == 0 && explained {
                    var text = Self.shorteningIdentifiers(String(line))
                    if let rest, text.count > expertLineLimit {
                        text = text.prefix(expertLineLimit) + "… (cut; the whole line: \(rest))"
                    }
                    lines.append("\(indent)    " + style.dim(text))
                } else {
                    lines.append("\(indent)    " + line)
                }
            }
            if let rest, kept.count < messageLines.count {
                lines.append(
                    style.dim("\(indent)    (\(messageLines.count - kept.count) more lines of this message: \(rest))"))
            }
            if let file = issue.file, let line = issue.line {
                lines.append(style.dim("\(indent)    at \(file):\(line)"))
            }
        }
        if issues.count < test.issues.count {
            let more = test.issues.count - issues.count
            lines.append(
                style.dim(
                    "\(indent)    (and \(more) more \(more == 1 ? "issue" : "issues")\(rest.map { ": \($0)" } ?? ""))"))
        }
        return lines
    }

    /// Swift Testing's difference of two collections (`± inserted [1], removed [4, 3]`) in words:
    /// what the left side of the comparison has that the right side lacks, and the other way round.
    static func collectionDifference(_ line: Substring) -> String? {
        guard line.hasPrefix("± ") else { return nil }
        var inserted: String?
        var removed: String?
        for part in line.dropFirst(2).components(separatedBy: "], ") {
            let item = part.hasSuffix("]") ? part : part + "]"
            if item.hasPrefix("inserted ") { inserted = String(item.dropFirst("inserted ".count)) }
            if item.hasPrefix("removed ") { removed = String(item.dropFirst("removed ".count)) }
        }
        guard inserted != nil || removed != nil else { return nil }
        let parts = [
            inserted.map { "the left side has \($0) that the right side does not" },
            removed.map { "the right side has \($0) that the left side does not" },
        ].compactMap { $0 }
        return "(compared item by item, " + parts.joined(separator: ", and ") + ")"
    }

    /// A line with the UUIDs tests put in names and folders (`/tmp/chapter3-users-2214D5E7-…`)
    /// shortened to their first block: they make each name unique, and say nothing to a reader.
    static func shorteningIdentifiers(_ line: String) -> String {
        line.replacing(
            #/([0-9A-Fa-f]{8})-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/#
        ) { match in "\(match.output.1)…" }
    }

    /// How long Swift Testing's own line above an explanation may be before it is cut.
    static let expertLineLimit = 300

    static func symbol(_ state: TestState, style: Style) -> String {
        switch state {
        case .passed: style.green("✔")
        case .failed: style.red("✘")
        case .crashed: style.red("✘ crashed:")
        case .timedOut: style.red("✘ timed out:")
        case .notRun, .skipped: style.dim("○")
        }
    }

    static func state(_ state: ChapterState, style: Style) -> String {
        switch state {
        case .done: style.green(state.rawValue)
        case .inProgress: style.yellow(state.rawValue)
        case .notStarted: style.dim(state.rawValue)
        case .doesNotCompile, .crashed, .timedOut, .dataRace, .testsChanged: style.red(state.rawValue)
        }
    }

    static func bar(_ passed: Int, of total: Int, style: Style, width: Int = 12) -> String {
        let filled = total == 0 ? 0 : passed * width / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return passed == total && total > 0 ? style.green(bar) : bar
    }
}
