import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookLearner

@Suite("A chapter's report leads with the step the learner is on")
struct ChapterDetailTests {
    let chapter = Chapter(number: 5, title: "Protocol injection", folder: "Chapter5-ProtocolInjection")
    let style = Style(colors: false)

    func test(_ name: String, step: Int, _ state: TestState, message: String = "Expectation failed\nSay why.")
        -> TestResult
    {
        TestResult(
            id: "\(name)()", name: name, suite: "Step \(step) suite", file: "Tests/Chapter5Tests/\(step)-F.swift",
            line: 3, state: state,
            issues: state == .failed
                ? [TestIssue(message: message, file: "Tests/Chapter5Tests/\(step)-F.swift", line: 4)] : [],
            step: step)
    }

    func report() -> ChapterReport {
        let tests = [
            test("one a", step: 1, .passed), test("one b", step: 1, .passed),
            test("two a", step: 2, .passed),
            test("two b", step: 2, .failed, message: "Expectation failed\nTwo's reason."),
            test("three a", step: 3, .failed, message: "Expectation failed\nThree's reason."),
            test("three b", step: 3, .failed),
            test("four a", step: 4, .failed, message: "Expectation failed\nFour's reason."),
        ]
        return ChapterReport(chapter: chapter, state: .inProgress, tests: tests)
    }

    @Test("Earlier steps and later steps fold to a line each; the step the learner is on is whole")
    func folds() {
        let text = ReportText.detail(report(), style: style)
        #expect(text.contains("You are on step 2"))
        #expect(text.contains("✔ Step 1: 2/2 pass") && !text.contains("one a"), "\(text)")
        #expect(text.contains("✔ two a") && text.contains("✘ two b") && text.contains("Two's reason."))
        #expect(text.contains("○ Step 3: 0/2 pass · next: “three a”") && !text.contains("Three's reason."))
        #expect(text.contains("○ Step 4: 0/1 pass"))
        #expect(text.contains("./Scripts/progress 5 --all"), "Everything is one flag away.")
        let lines = text.split(separator: "\n")
        let current = lines.firstIndex { $0.contains("two b") }!
        let later = lines.firstIndex { $0.contains("Step 3") }!
        #expect(current < later, "The step the learner is on comes first.")
    }

    @Test("--all shows every step's tests and messages")
    func all() throws {
        let text = ReportText.detail(report(), style: style, all: true)
        for name in ["one a", "two b", "three a", "three b", "four a", "Three's reason.", "Four's reason."] {
            #expect(text.contains(name), "\(name) is missing from --all:\n\(text)")
        }
        #expect(!text.contains("Later steps"))
        let options = try ProgressCommand.parse(["5", "--all"])
        #expect(options.all && options.chapter == 5)
    }

    @Test("A reason is never cut; where anything is shortened, it says where the rest is")
    func neverCutsAReason() {
        let reason = String(repeating: "The reason, in the lesson's words, ", count: 20) + "ends here."
        let expert = "Expectation failed: " + String(repeating: "(value → 1) ", count: 60)
        var failing = test("long", step: 2, .failed, message: expert + "\n" + reason)
        failing.issues += (0..<3).map { TestIssue(message: "Issue \($0)", file: nil, line: nil) }
        let snippet = (1...80).map { "line \($0)" }.joined(separator: "\n")
        failing.issues.insert(TestIssue(message: snippet, file: nil, line: nil), at: 1)
        let lines = ReportText.describe(
            failing, style: style, indent: "", maximumLines: 60, rest: "./Scripts/progress 5 --all")
        let text = lines.joined(separator: "\n")
        #expect(text.contains(reason), "The explanation is whole.")
        #expect(text.contains("… (cut; the whole line: ./Scripts/progress 5 --all)"))
        #expect(text.contains("(20 more lines of this message: ./Scripts/progress 5 --all)"))
        #expect(text.contains("(and 2 more issues: ./Scripts/progress 5 --all)"))
        let whole = ReportText.describe(failing, style: style, indent: "", maximumLines: nil, rest: nil)
            .joined(separator: "\n")
        #expect(whole.contains(expert) && whole.contains("line 80") && whole.contains("Issue 2"))

        let oneLine = "Issue recorded: " + String(repeating: "a reason of one line ", count: 30)
        let single = ReportText.describe(
            test("single", step: 2, .failed, message: oneLine), style: style, indent: "", rest: "r")
        #expect(single.joined(separator: "\n").contains(oneLine), "A message of one line is its reason: whole.")
    }

    @Test("A chapter that does not compile still shows the steps it had reached when it last compiled")
    func stepsWhileNotCompiling() {
        var broken = ChapterReport(chapter: chapter, state: .doesNotCompile, tests: [])
        broken.compileErrors = [
            CompilerError(file: "Chapters/Chapter5-Sample/A.swift", line: 3, column: 1, message: "x")
        ]
        let then = ChapterReport(
            chapter: chapter, state: .inProgress,
            tests: [test("a", step: 1, .passed), test("b", step: 1, .passed), test("c", step: 2, .failed)])
        let text = ReportText.detail(broken, style: style, lastCompiled: then)
        #expect(text.contains("When it last compiled:"))
        #expect(text.contains("✔ Step 1: 2/2 pass") && text.contains("Step 2: 0/1 pass"), "\(text)")
        #expect(!ReportText.detail(broken, style: style).contains("When it last compiled"))
    }

    @Test("--save-json writes the hand-in beside the printed report, and goes with a plain report only")
    func saveJSONOption() throws {
        let options = try ProgressCommand.parse(["--no-color", "--save-json", "progress.json"])
        #expect(options.saveJSON == "progress.json" && !options.json)
        #expect(throws: CommandError.self) { try ProgressCommand.parse(["--save-json"]) }
        #expect(throws: CommandError.self) { try ProgressCommand.parse(["--save-json", "p.json", "--json"]) }
        #expect(throws: CommandError.self) { try ProgressCommand.parse(["--save-json", "p.json", "--check", "1"]) }
    }

    @Test("Swift Testing's collection differences are told in words, and UUIDs in its line are shortened")
    func expertLinesInWords() {
        let expert =
            "Expectation failed: (seen → [1, 1, 2]) == (expected → [4, 1, 2, 3]) at "
            + "/tmp/chapter3-users-2214D5E7-F554-42EB-96C2-B51B0913C7FF/not-there-yet"
        let failing = test("diff", step: 1, .failed, message: expert + "\n± inserted [1], removed [4, 3]\nThe reason.")
        let text = ReportText.describe(failing, style: style, indent: "", rest: "r").joined(separator: "\n")
        #expect(text.contains("/tmp/chapter3-users-2214D5E7…/not-there-yet"))
        #expect(!text.contains("F554-42EB"))
        #expect(
            text.contains(
                "(compared item by item, the left side has [1] that the right side does not, and the right side "
                    + "has [4, 3] that the left side does not)"))
        #expect(!text.contains("± inserted"))
        #expect(text.contains("The reason."))
        #expect(
            ReportText.collectionDifference("± removed [4]")
                == "(compared item by item, the right side has [4] that the left side does not)")
        #expect(ReportText.collectionDifference("A line") == nil)
    }

    @Test("Under --watch a report fits the window, and says how much is below it and where")
    func fitsTheWindow() {
        let text = (1...50).map { "line \($0)" }.joined(separator: "\n")
        let fitted = WatchCommand.fit(text, rows: 20, columns: 80, rest: "./Scripts/progress 5 --all", style: style)
        let lines = fitted.split(separator: "\n")
        #expect(lines.count == 20 && lines.first == "line 1")
        #expect(lines.last == "… 31 more lines below the window: ./Scripts/progress 5 --all, or a taller window")
        #expect(WatchCommand.fit("short", rows: 20, columns: 80, rest: "r", style: style) == "short")
        let wide = String(repeating: "x", count: 200)
        #expect(
            WatchCommand.fit(
                ([wide] + (1...10).map { "l\($0)" }).joined(separator: "\n"), rows: 8, columns: 80, rest: "r",
                style: style
            ).split(separator: "\n").count == 6, "A line three rows high takes three rows: 3 + 4 rows, and the note.")
        #expect(Style.visibleLength(Style(colors: true).red("abc")) == 3)
    }

    @Test("A compiler message the course's learners meet gets a plain line under it")
    func compilerTrapsAreExplained() {
        let bug = CompilerError(
            file: "Chapters/Chapter5-ProtocolInjection/ImageCache.swift", line: 14, column: 12,
            message: "'nonisolated' on an actor's synchronous initializer is invalid")
        let other = CompilerError(
            file: "Chapters/Chapter5-ProtocolInjection/ImageCache.swift", line: 20, column: 1,
            message: "cannot find 'x' in scope")
        let report = ChapterReport(chapter: chapter, state: .doesNotCompile, tests: [], compileErrors: [bug, other])
        let text = ReportText.detail(report, style: style)
        #expect(text.contains("ImageCache.swift:14:12: 'nonisolated' on an actor's synchronous initializer is invalid"))
        #expect(text.contains("→ A Swift 6.3 bug, not your mistake"), "\(text)")
        #expect(text.components(separatedBy: "→").count == 2, "Only the recognised message is explained.")
    }

    @Test("Errors only in the tests' files say that a public name the lesson gives was changed")
    func errorsOnlyInTests() {
        let errors = [
            CompilerError(
                file: "Tests/Chapter5Tests/5-ImageLoaderTests.swift", line: 9, column: 3,
                message: "extra argument 'cache' in call")
        ]
        let report = ChapterReport(chapter: chapter, state: .doesNotCompile, tests: [], compileErrors: errors)
        let text = ReportText.detail(report, style: style)
        #expect(text.contains("Your code compiles; the tests do not"), "\(text)")
        let mixed = ChapterReport(
            chapter: chapter, state: .doesNotCompile, tests: [],
            compileErrors: errors + [
                CompilerError(
                    file: "Chapters/Chapter5-ProtocolInjection/ImageLoader.swift", line: 1, column: 1, message: "x")
            ])
        #expect(!ReportText.detail(mixed, style: style).contains("Your code compiles"))
    }

    @Test("The chapter's report names the app world, and says nothing of the library world")
    func worldIsNamed() {
        #expect(ReportText.detail(report(), style: style, world: .app).contains("app world"))
        #expect(!ReportText.detail(report(), style: style, world: .library).contains("world"))
    }

    @Test("Once a chapter is done, the way on names the next chapter, its lesson and its command")
    func onwardToTheNextChapter() {
        let next = Chapter(number: 6, title: "Service locator", folder: "Chapter6-ServiceLocator")
        let text = ReportText.onward(to: next, style: style)
        #expect(text.contains("Chapter 6 · Service locator") && text.contains("./Scripts/progress 6"))
        #expect(text.contains(next.lesson))
    }
}
