import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookLearner

@Suite("Steps and lesson order")
struct StepTests {
    func test(_ file: String, _ line: Int, _ state: TestState) -> TestResult {
        TestResult(
            id: "Chapter1Tests.S/t\(line)()/\(file):\(line):1", name: "\(file):\(line)",
            file: "Tests/Chapter1Tests/\(file)", line: line, state: state, issues: [],
            step: TestFile.step(ofPath: file))
    }

    @Test("Lesson order is step, then file, then line: step 10 comes after step 2, unnumbered files last")
    func order() {
        let tests = [
            test("10-Late.swift", 1, .failed), test("Helpers.swift", 1, .failed), test("2-B.swift", 30, .failed),
            test("2-A.swift", 50, .failed), test("2-B.swift", 4, .failed), test("1-First.swift", 99, .failed),
        ]
        #expect(
            tests.sorted(by: TestResult.lessonOrder).map(\.name) == [
                "1-First.swift:99", "2-A.swift:50", "2-B.swift:4", "2-B.swift:30", "10-Late.swift:1", "Helpers.swift:1",
            ])
    }

    @Test("The stream gives each test its step and lists the tests in lesson order")
    func streamOrder() {
        func record(_ name: String, file: String, line: Int) -> String {
            #"{"kind":"test","payload":{"id":"Chapter1Tests.\#(name)","kind":"function","name":"\#(name)","#
                + #""sourceLocation":{"_filePath":"/work/Tests/Chapter1Tests/\#(file)","fileID":"Chapter1Tests/\#(file)","line":\#(line)}},"version":0}"#
        }
        let stream = EventStream(
            [record("late()", file: "10-Late.swift", line: 3), record("early()", file: "2-Early.swift", line: 8)]
                .joined(separator: "\n"), relativeTo: Workbook.stub(root: "/work"))
        #expect(stream.tests.map(\.name) == ["early()", "late()"])
        #expect(stream.tests.map(\.step) == [2, 10])
    }

    @Test("A chapter is on the lowest step with a test to fix, and its next test is the first of those")
    func chapterStep() {
        let chapter = Chapter(number: 1, title: "One", folder: "Chapter1-One")
        let report = ChapterReport(
            chapter: chapter, state: .inProgress,
            tests: [
                test("1-A.swift", 5, .passed), test("3-C.swift", 2, .failed), test("2-B.swift", 9, .timedOut),
                test("2-B.swift", 7, .skipped), test("Helpers.swift", 1, .failed),
            ])
        #expect(report.step == 2)
        #expect(report.nextTest?.name == "2-B.swift:9", "A skipped test is not one to fix.")
        let done = ChapterReport(chapter: chapter, state: .done, tests: [test("1-A.swift", 5, .passed)])
        #expect(done.step == nil && done.nextTest == nil)
    }
}

@Suite("Where the learner is")
struct LearnerPositionTests {
    func chapter(_ number: Int, _ state: ChapterState, changed: TimeInterval? = nil) -> ChapterReport {
        var report = ChapterReport(
            chapter: Chapter(number: number, title: "C\(number)", folder: "Chapter\(number)-C"), state: state, tests: []
        )
        report.changedAt = changed.map { Date(timeIntervalSince1970: $0) }
        return report
    }

    @Test("Next is the chapter changed last that is not done; with none changed, the first not done")
    func current() {
        let report = Report(
            chapters: [
                chapter(1, .done, changed: 900), chapter(2, .notStarted), chapter(3, .inProgress, changed: 100),
                chapter(4, .doesNotCompile, changed: 500), chapter(5, .dataRace, changed: 300),
            ],
            toolchain: "t")
        #expect(report.current?.number == 4, "A done chapter is not current, however recently it changed.")
        let untouched = Report(
            chapters: [chapter(1, .done), chapter(2, .notStarted), chapter(3, .inProgress)], toolchain: "t")
        #expect(untouched.current?.number == 2)
        let finished = Report(chapters: [chapter(1, .done, changed: 5)], toolchain: "t")
        #expect(finished.current == nil)
    }

    @Test("A chapter counts as changed when one of its starter files is newer than the unpacked workbook")
    func lastChanges() throws {
        let folder = try TemporaryFolder(prefix: "workbook-position")
        defer { folder.remove() }
        let root = folder.url
        let files = [
            "Chapters/Chapter1-One/A.swift", "Chapters/Chapter1-One/README.md", "Chapters/Chapter2-Two/B.swift",
            "Chapters/Chapter2-Two/TestDoubles/Stub.swift", "Chapters/Chapter3-Three/C.swift",
            "Tests/Chapter1Tests/1-A.swift", "Solutions/Chapter1-One/A.swift",
        ]
        let unpacked = Date(timeIntervalSince1970: 1_700_000_000)
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: unpacked], ofItemAtPath: url.path)
        }
        func touch(_ file: String, after seconds: TimeInterval) throws {
            try FileManager.default.setAttributes(
                [.modificationDate: unpacked.addingTimeInterval(seconds)],
                ofItemAtPath: root.appendingPathComponent(file).path)
        }
        try touch("Chapters/Chapter1-One/README.md", after: 500)  // not code: does not count
        try touch("Chapters/Chapter2-Two/TestDoubles/Stub.swift", after: 300)
        try touch("Chapters/Chapter3-Three/C.swift", after: 1)  // within the clone's moment
        let workbook = try Workbook(root: root)
        let changes = LearnerPosition.lastChanges(in: workbook)
        #expect(changes == [2: unpacked.addingTimeInterval(300)])
    }

    @Test("While chapters are tested, the status names each one as it finishes, and what is left")
    func testingProgress() {
        var report = ChapterReport(
            chapter: Chapter(number: 5, title: "Five", folder: "Chapter5-Five"), state: .inProgress, tests: [])
        report.passed = 4
        report.total = 28
        #expect(
            ProgressRunner.progressLine(finished: report, count: 3, of: 7, left: [8, 6])
                == "Tested 3 of 7 chapters; chapter 5: 4/28, in progress; testing 6, 8…")
        #expect(
            ProgressRunner.progressLine(finished: report, count: 7, of: 7, left: [])
                == "Tested 7 of 7 chapters; chapter 5: 4/28, in progress")
        report.state = .done
        #expect(
            ProgressRunner.progressLine(finished: report, count: 1, of: 2, left: [])
                == "Tested 1 of 2 chapters; chapter 5: 4/28, every test passes", "Not done before the race check.")
        let long = Status(String(repeating: "x", count: 200), detail: "12 s")
        let fitted = StatusLine.fitted(long, width: 80)
        #expect(fitted.count == 79 && fitted.hasSuffix("… 12 s"), "A status line never wraps: \(fitted)")
        #expect(StatusLine.fitted(Status("Short", detail: "1 s"), width: 80) == "Short 1 s")
    }

    @Test("The command for the next hint says what its three numbers are")
    func hintCommand() {
        #expect(
            HintCommand.command(chapter: 5, step: 7, index: 2)
                == "./Scripts/progress --hint 5 7 2   (chapter 5, step 7, hint 2)")
        #expect(ProgressCommand.usage.contains("--hint 5 7 2"))
    }

    @Test("The hints start at the step of the last report, or at step 1 with the reason")
    func hintStart() {
        let chapter = Chapter(number: 3, title: "Three", folder: "Chapter3-Three")
        #expect(LearnerPosition.hintStart(for: chapter, lastReport: nil).step == nil)
        #expect(LearnerPosition.hintStart(for: chapter, lastReport: nil).reason.contains("not been tested yet"))
        var report = ChapterReport(chapter: chapter, state: .inProgress, tests: [])
        report.step = 4
        let last = Report(chapters: [report], toolchain: "t")
        #expect(LearnerPosition.hintStart(for: chapter, lastReport: last).step == 4)
        report.state = .doesNotCompile
        let broken = LearnerPosition.hintStart(for: chapter, lastReport: Report(chapters: [report], toolchain: "t"))
        #expect(broken.step == nil && broken.reason.contains("did not compile"))
    }
}

@Suite("Hints with code")
struct HintCodeTests {
    let markdown = """
        ## Step 1
        1. A question,
           on two lines?
        2. The code, for when you are still stuck:

           ```swift
           private init() {}

           static let shared = MessageBoard()
           ```

           And a last word.

        ## Step 2
        1. Next?
        Not part of the list.
        """

    @Test("An item's code block is kept line for line, blank lines included, and the item goes on after it")
    func parse() {
        let hints = Hints(markdown: markdown)
        #expect(hints.steps.map(\.number) == [1, 2])
        #expect(hints.steps[0].questions[0] == "A question, on two lines?")
        #expect(
            hints.steps[0].questions[1] == """
                The code, for when you are still stuck:

                ```swift
                private init() {}

                static let shared = MessageBoard()
                ```

                And a last word.
                """)
        #expect(hints.steps[1].questions == ["Next?"])
        #expect(Hints.hasCode(hints.steps[0].questions[1]) && !Hints.hasCode(hints.steps[0].questions[0]))
    }

    @Test("Shown on the terminal, prose is indented by two and the code block by four, as it is")
    func display() {
        let hint = Hints(markdown: markdown).steps[0].questions[1]
        #expect(
            Hints.display(hint) == [
                "  The code, for when you are still stuck:", "", "    ```swift", "    private init() {}", "",
                "    static let shared = MessageBoard()", "    ```", "", "  And a last word.",
            ])
    }
}

@Suite("The build's progress on the status line")
struct BuildProgressTests {
    @Test("A build's log gives the steps done, never a total that grows")
    func buildStep() throws {
        try withTemporaryFolderSync { folder in
            let log = folder.appendingPathComponent("build.log")
            try "Building for debugging...\n[1/40] Compiling A a.swift\n[12/40] Emitting module B\nwarning: [x/y]\n"
                .write(
                    to: log, atomically: true, encoding: .utf8)
            #expect(ProgressRunner.buildStep(in: log) == "12 steps done,")
            #expect(ProgressRunner.buildStep(in: folder.appendingPathComponent("none")) == nil)
        }
    }
}

@Suite("The learner's commands")
struct LearnerCommandTests {
    let chapter = Chapter(number: 1, title: "Global vs singleton", folder: "Chapter1-GlobalVsSingleton")

    @Test("--check, --restore, --json N and the time limit are read as documented; nonsense is refused plainly")
    func options() throws {
        #expect(try ProgressCommand.parse(["--check", "3"]).check == 3)
        #expect(try ProgressCommand.parse(["--restore", "2", "--yes"]).restore == 2)
        let json = try ProgressCommand.parse(["--json", "4"])
        #expect(json.json && json.chapter == 4)
        #expect(try ProgressCommand.parse(["--time-limit", "0.5"]).timeLimit == .milliseconds(500))
        do {
            _ = try ProgressCommand.parse(["--time-limit", "0"])
            Issue.record("--time-limit 0 was accepted")
        } catch {
            #expect("\(error)".contains("more than 0 seconds"), "\(error)")
        }
        #expect(throws: CommandError.self) { try ProgressCommand.parse(["--time-limit", "-3"]) }
        #expect(throws: CommandError.self) { try ProgressCommand.parse(["--check"]) }
        #expect(throws: CommandError.self) { try ProgressCommand.parse(["--check", "1", "--json"]) }
        #expect(throws: CommandError.self) { try ProgressCommand.parse(["--watch", "--reset", "1"]) }
    }

    func report(_ state: ChapterState, race: RaceCheckResult.Verdict? = nil, changed: Bool = false) -> ChapterReport {
        var tests = [
            TestResult(
                id: "a", name: "First", file: "Tests/Chapter1Tests/1-A.swift", line: 4,
                state: state == .done || state == .dataRace ? .passed : .failed, issues: [], step: 1)
        ]
        if state == .inProgress {
            tests.append(TestResult(id: "b", name: "Second", file: nil, line: nil, state: .passed, issues: []))
        }
        var result = ChapterReport(chapter: chapter, state: state, tests: tests)
        result.raceCheck = race.map {
            RaceCheckResult(verdict: $0, races: $0 == .races ? [DataRace(accesses: [])] : [])
        }
        if changed { result.changedTests = [ChangedTestFile(path: "Tests/Chapter1Tests/1-A.swift", change: .changed)] }
        return result
    }

    @Test("--check says done only for passing tests with a clean race check and original tests")
    func verdicts() {
        #expect(CheckCommand.verdict(report(.done, race: .clean)).done)
        #expect(CheckCommand.verdict(report(.done, race: .clean)).text.hasSuffix("saw no data race."))
        #expect(!CheckCommand.verdict(report(.done, race: .clean, changed: true)).done)
        #expect(!CheckCommand.verdict(report(.done, race: .notChecked)).done)
        #expect(!CheckCommand.verdict(report(.done)).done, "A chapter whose race check did not run is not done.")
        #expect(!CheckCommand.verdict(report(.dataRace, race: .races)).done)
        let progress = CheckCommand.verdict(report(.inProgress))
        #expect(
            !progress.done && progress.text.contains("1/2 tests pass; next: “First” (Tests/Chapter1Tests/1-A.swift:4)"))
        #expect(!CheckCommand.verdict(report(.doesNotCompile)).done)
        #expect(CheckCommand.verdict(report(.done, race: .clean)).text.split(separator: "\n").count == 1)
    }

    @Test("The race check's verdict follows from the sanitized run")
    func raceVerdicts() {
        let passed = TestResult(id: "a", name: "A", file: nil, line: nil, state: .passed, issues: [])
        var failed = passed
        failed.state = .failed
        let race = DataRace(accesses: [DataRace.Access(kind: "Write of size 8")])
        func outcome(_ tests: [TestResult], _ races: [DataRace] = [], _ ending: CommandResult.Ending = .exited(0))
            -> RaceCheck.Outcome
        {
            RaceCheck.Outcome(tests: tests, ending: ending, races: races, output: "")
        }
        #expect(RaceCheckResult.verdict(of: outcome([passed]), timeLimit: .seconds(1)).verdict == .clean)
        #expect(RaceCheckResult.verdict(of: outcome([passed], [race]), timeLimit: .seconds(1)).verdict == .races)
        #expect(RaceCheckResult.verdict(of: outcome([failed]), timeLimit: .seconds(1)).failingTests == ["A"])
        #expect(
            RaceCheckResult.verdict(of: outcome([], [], .signalled(6)), timeLimit: .seconds(1)).verdict == .notChecked)
        #expect(
            RaceCheckResult.verdict(of: outcome([passed], [], .timedOut), timeLimit: .seconds(1)).verdict == .testsFail)
    }

    @Test("Backups get names of their own, even several in the same millisecond, and the last is found")
    func backups() throws {
        try withTemporaryFolderSync { root in
            let starter = root.appendingPathComponent(chapter.starterFolder)
            try FileManager.default.createDirectory(at: starter, withIntermediateDirectories: true)
            try "one".write(to: starter.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
            try "other".write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            let workbook = try Workbook(root: root)
            var made: [URL] = []
            for version in 1...12 {
                try "\(version)".write(to: starter.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
                made.append(try Backups.make(of: chapter, in: workbook))
            }
            #expect(Set(made.map(\.path)).count == 12, "Every backup has a folder of its own.")
            let all = Backups.all(of: chapter, in: workbook)
            #expect(all.count == 12)
            #expect(try String(contentsOf: all.last!.appendingPathComponent("A.swift"), encoding: .utf8) == "12")
            #expect(all.map(\.lastPathComponent) == made.map(\.lastPathComponent), "Oldest first, in the order made.")
        }
    }

    @Test("A save in a chapter's files runs that chapter first; a shared helper runs everything")
    func watchedChanges() {
        let workbook = Workbook.stub(
            root: "/w",
            chapters: [chapter, Chapter(number: 2, title: "Two", folder: "Chapter2-Two")])
        #expect(
            WatchCommand.chapters(
                touchedBy: ["Chapters/Chapter2-Two/A.swift", "Tests/Chapter1Tests/1-A.swift"], in: workbook) == [1, 2])
        #expect(WatchCommand.chapters(touchedBy: ["Tests/WorkbookSupport/X.swift"], in: workbook) == nil)
        #expect(WatchCommand.affects("Chapters/Chapter1-GlobalVsSingleton/TestDoubles/S.swift", chapter))
        #expect(WatchCommand.affects("Tests/WorkbookSupport/X.swift", chapter))
        #expect(!WatchCommand.affects("Chapters/Chapter2-Two/A.swift", chapter))
        #expect(!WatchCommand.affects("Tests/Chapter2Tests/1-A.swift", chapter))
    }
}

@Suite("What the report says about the new states")
struct LearnerLoopReportTests {
    let chapter = Chapter(number: 1, title: "Global vs singleton", folder: "Chapter1-GlobalVsSingleton")
    let style = Style(colors: false)

    func passing() -> TestResult {
        TestResult(
            id: "a", name: "Posts are kept", file: "Tests/Chapter1Tests/3-P.swift", line: 8, state: .passed, issues: [],
            step: 3)
    }

    @Test("A data race names its places, in the overview and the chapter's detail")
    func dataRace() {
        var report = ChapterReport(chapter: chapter, state: .dataRace, tests: [passing()])
        let access = DataRace.Access(
            kind: "Write of size 8", file: "Chapters/Chapter1-GlobalVsSingleton/MessageBoard.swift", line: 26,
            function: "MessageBoard.post(_:)")
        report.raceCheck = RaceCheckResult(verdict: .races, races: [DataRace(accesses: [access, access])])
        let overview = ReportText.overview(Report(chapters: [report], toolchain: "t"), style: style)
        #expect(overview.contains("data race"))
        #expect(overview.contains("Next: Chapter 1"))
        #expect(overview.contains("MessageBoard.swift:26, in MessageBoard.post(_:) (write)"))
        let detail = ReportText.detail(report, style: style)
        #expect(detail.contains("1/1 passed, data race"))
        #expect(detail.contains("Thread Sanitizer saw a data race"))
    }

    @Test("Changed tests are flagged in the overview and in the chapter's detail")
    func changedTests() {
        var report = ChapterReport(chapter: chapter, state: .done, tests: [passing()])
        let changed = [ChangedTestFile(path: "Tests/Chapter1Tests/3-P.swift", change: .changed)]
        report.changedTests = changed
        report.raceCheck = RaceCheckResult(verdict: .clean)
        var whole = Report(chapters: [report], toolchain: "t")
        whole.changedTests = changed
        #expect(ReportText.overview(whole, style: style).contains("Tests/Chapter1Tests/3-P.swift (changed)"))
        #expect(ReportText.detail(report, style: style).contains("Tests/Chapter1Tests/3-P.swift (changed)"))
    }

    @Test("What the tests printed shows under a failing chapter's tests, and not under a passing one")
    func printed() {
        var failing = passing()
        failing.state = .failed
        var report = ChapterReport(chapter: chapter, state: .inProgress, tests: [failing, passing()])
        report.printed = "debug: 3 posts"
        #expect(ReportText.detail(report, style: style).contains("│ debug: 3 posts"))
        var done = ChapterReport(chapter: chapter, state: .done, tests: [passing()])
        done.printed = "debug: 3 posts"
        #expect(!ReportText.detail(done, style: style).contains("debug: 3 posts"))
    }

    @Test("The step shows beside Next, and the JSON keeps every new field")
    func stepAndJSON() throws {
        var failing = passing()
        failing.state = .failed
        var report = ChapterReport(chapter: chapter, state: .inProgress, tests: [failing])
        report.changedAt = Date(timeIntervalSince1970: 1_700_000_000)
        report.hang = HangLocation(file: "Chapters/X.swift", line: 3, function: "f()")
        report.printed = "hello"
        let whole = Report(chapters: [report], toolchain: "t")
        #expect(ReportText.overview(whole, style: style).contains("Next: Chapter 1 · Global vs singleton (step 3)"))
        let again = try Report.decode(Data(try whole.json().utf8))
        #expect(again.chapters[0].step == 3 && again.chapters[0].tests[0].step == 3)
        #expect(again.chapters[0].changedAt == report.changedAt)
        #expect(again.chapters[0].hang == report.hang && again.chapters[0].printed == "hello")
    }

    @Test("A report written before these fields existed still reads")
    func olderReport() throws {
        let old = """
            {"format":"singletons-workbook-progress/1","generatedAt":"2025-01-01T10:00:00Z","toolchain":"t",
             "platform":"Linux","passed":0,"total":1,"buildProblems":[],
             "chapters":[{"number":1,"title":"T","state":"not started","passed":0,"total":1,"compileErrors":[],
               "lesson":"L","tests":[{"id":"a","name":"A","state":"failed","issues":[]}]}]}
            """
        let report = try Report.decode(Data(old.utf8))
        #expect(report.chapters[0].step == nil && report.changedTests == nil)
    }
}
