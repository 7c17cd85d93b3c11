import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookLearner

@Suite("The report")
struct ReportTests {
    let chapter = Chapter(number: 3, title: "Testing pain", folder: "Chapter3-TestingPain")

    func test(_ name: String, _ state: TestState, line: Int) -> TestResult {
        TestResult(
            id: "Chapter3Tests.S/\(name)()/F.swift:\(line):4", name: name, file: "Tests/Chapter3Tests/F.swift",
            line: line, state: state,
            issues: state == .failed ? [TestIssue(message: "Expectation failed\nSay why.", file: nil, line: line)] : [])
    }

    @Test("A chapter's state follows from its tests")
    func states() {
        #expect(ChapterReport.state(of: [test("a", .passed, line: 1), test("b", .passed, line: 2)]) == .done)
        #expect(ChapterReport.state(of: [test("a", .passed, line: 1), test("b", .failed, line: 2)]) == .inProgress)
        #expect(ChapterReport.state(of: [test("a", .failed, line: 1), test("b", .notRun, line: 2)]) == .notStarted)
        #expect(ChapterReport.state(of: [test("a", .passed, line: 1), test("b", .crashed, line: 2)]) == .crashed)
        #expect(ChapterReport.state(of: [test("a", .timedOut, line: 1)]) == .timedOut)
        #expect(ChapterReport.state(of: []) == .notStarted)
    }

    @Test("The overview has a line per chapter, the overall count and the next failing test")
    func overview() {
        let done = ChapterReport(
            chapter: Chapter(number: 1, title: "Global vs singleton", folder: "Chapter1-X"), state: .done,
            tests: [test("a", .passed, line: 1)])
        let current = ChapterReport(
            chapter: chapter, state: .inProgress,
            tests: [test("first", .passed, line: 1), test("second", .failed, line: 9)])
        let report = Report(chapters: [done, current], toolchain: "Swift version 6.3")
        let text = ReportText.overview(report, style: Style(colors: false))
        #expect(text.contains("Global vs singleton"))
        #expect(text.contains("1/1") && text.contains("1/2") && text.contains("2/3"))
        #expect(text.contains("in progress"))
        #expect(text.contains("Next: Chapter 3 · Testing pain"))
        #expect(text.contains("✘ second") && text.contains("Say why."))
        #expect(!text.contains("\u{1B}["), "Without colours there are no escape codes.")
    }

    @Test("A chapter that does not compile shows its first errors and keeps its last known size")
    func doesNotCompile() {
        let error = CompilerError(file: "Chapters/Chapter3-TestingPain/A.swift", line: 4, column: 2, message: "oops")
        let broken = ChapterReport(
            chapter: chapter, state: .doesNotCompile, tests: [], total: 5, compileErrors: [error])
        let report = Report(chapters: [broken], toolchain: "t")
        #expect(report.total == 5)
        let text = ReportText.overview(report, style: Style(colors: false))
        #expect(text.contains("0/5") && text.contains("does not compile"))
        #expect(text.contains("Chapters/Chapter3-TestingPain/A.swift:4:2: oops"))
    }

    @Test("A chapter that never compiled counts the tests its files declare: the total is the workbook's")
    func neverCompiled() throws {
        try withTemporaryFolderSync { folder in
            let tests = folder.appendingPathComponent("Tests/Chapter3Tests")
            try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
            try "@Test(\"a\") func a() {}\n@Test(\"b\", arguments: [1, 2]) func b(x: Int) {}".write(
                to: tests.appendingPathComponent("1-ATests.swift"), atomically: true, encoding: .utf8)
            let workbook = Workbook.stub(root: folder.path, chapters: [chapter])
            let runner = ProgressRunner(tools: PackageTools(workbook: workbook))
            #expect(runner.total(of: chapter, last: nil) == 2, "Never compiled, never run: counted from the files.")
            var stale = Report(
                chapters: [ChapterReport(chapter: chapter, state: .notStarted, tests: [test("a", .failed, line: 1)])],
                toolchain: "t")
            stale.chapters[0].total = 7
            #expect(runner.total(of: chapter, last: stale) == 2, "The files as they are now, not the last run's size.")

            let broken = ChapterReport(
                chapter: chapter, state: .doesNotCompile, tests: [], total: runner.total(of: chapter, last: nil))
            let done = ChapterReport(
                chapter: Chapter(number: 1, title: "One", folder: "Chapter1-One"), state: .done,
                tests: [test("x", .passed, line: 1)])
            let report = Report(chapters: [done, broken], toolchain: "t")
            #expect(report.total == 3)
            let text = ReportText.overview(report, style: Style(colors: false))
            #expect(text.contains("0/2") && text.contains("1/3") && !text.contains("/?"), "\(text)")

            // The saved report keeps the counted size (it is not replaced by an unknown one).
            runner.remember(report, last: Report(chapters: [], toolchain: "t"))
            #expect(runner.lastKnownReport()?.chapters.first { $0.number == 3 }?.total == 2)
        }
    }

    @Test("A chapter whose tests all pass with changed test files is not done, everywhere")
    func doneWithChangedTests() {
        var report = ChapterReport(chapter: chapter, state: .done, tests: [test("a", .passed, line: 1)])
        report.raceCheck = RaceCheckResult(verdict: .clean)
        let changed = ChangedTestFile(path: "Tests/Chapter3Tests/F.swift", change: .changed)
        report.note(changedTests: [changed])
        #expect(report.state == .testsChanged)
        #expect(!CheckCommand.verdict(report).done)
        let overview = ReportText.overview(Report(chapters: [report], toolchain: "t"), style: Style(colors: false))
        #expect(overview.contains("1/1  tests changed"), "\(overview)")
        #expect(!overview.contains("Every chapter is done"))
        #expect(overview.contains("Next: Chapter 3") && overview.contains("Every test passes, but not done"))
        #expect(overview.contains("git checkout -- Tests"))
        let detail = ReportText.detail(report, style: Style(colors: false))
        #expect(detail.contains("1/1 passed, tests changed") && detail.contains("Every test passes, but not done"))

        var unchanged = ChapterReport(chapter: chapter, state: .done, tests: [test("a", .passed, line: 1)])
        unchanged.note(changedTests: [])
        #expect(unchanged.state == .done)
        var failing = ChapterReport(chapter: chapter, state: .inProgress, tests: [test("a", .failed, line: 1)])
        failing.note(changedTests: [changed])
        #expect(failing.state == .inProgress, "Not done anyway: the tests say what is left.")
    }

    @Test("The JSON has every field and reads back the same")
    func json() throws {
        let report = Report(
            chapters: [ChapterReport(chapter: chapter, state: .notStarted, tests: [test("a", .failed, line: 1)])],
            toolchain: "Swift version 6.3.1")
        let text = try report.json()
        for field in ["\"format\"", "\"generatedAt\"", "\"toolchain\"", "\"chapters\"", "\"tests\"", "\"state\""] {
            #expect(text.contains(field), "The JSON has no \(field)")
        }
        let again = try Report.decode(Data(text.utf8))
        #expect(again.chapters.first?.tests == report.chapters.first?.tests)
        #expect(again.format == "singletons-workbook-progress/2")
    }

    @Test("The runner's options are read as documented")
    func options() throws {
        let plain = try ProgressCommand.parse(["3", "--json", "--time-limit", "2.5"])
        #expect(plain.chapter == 3 && plain.json && plain.timeLimit == .milliseconds(2500))
        let hint = try ProgressCommand.parse(["--hint", "2", "4", "1"])
        #expect(hint.hint?.chapter == 2 && hint.hint?.step == 4 && hint.hint?.index == 1)
        let reset = try ProgressCommand.parse(["--reset", "5", "--yes"])
        #expect(reset.reset == 5 && reset.confirmed)
        #expect(throws: CommandError.self) { try ProgressCommand.parse(["--time-limit", "soon"]) }
        #expect(throws: CommandError.self) { try ProgressCommand.parse(["--wat"]) }
    }
}
