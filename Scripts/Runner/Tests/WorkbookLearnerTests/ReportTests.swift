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
