import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookTeacher

/// Three students' progress files, and the files a teacher might find beside them.
enum SampleClass {
    static let chapters = [
        Chapter(number: 1, title: "Global vs singleton", folder: "Chapter1-GlobalVsSingleton"),
        Chapter(number: 2, title: "Singleton plus", folder: "Chapter2-SingletonPlus"),
    ]

    /// 2026-11-20 09:30 UTC, and later times counted in minutes from it.
    static let monday = Date(timeIntervalSince1970: 1_795_167_000)
    static func at(minutes: Int) -> Date { monday.addingTimeInterval(Double(minutes) * 60) }

    /// Test `index` of a chapter: two tests a step (files `1-…`, `1-…`, `2-…`…), each failing with
    /// Swift Testing's line and then the explanation written for the learner.
    static func test(_ chapter: Chapter, _ index: Int, passed: Bool) -> TestResult {
        let step = index / 2 + 1
        let file = "Tests/Chapter\(chapter.number)Tests/\(step)-StepTests.swift"
        return TestResult(
            id: "Chapter\(chapter.number)Tests.S/t\(index)()", name: "Test \(index + 1) of chapter \(chapter.number)",
            file: file, line: 10 + index, state: passed ? .passed : .failed,
            issues: passed
                ? []
                : [
                    TestIssue(
                        message: "Expectation failed: (a → 1) == (b → 2)\nChapter \(chapter.number) test \(index + 1) "
                            + "wants <b>both</b> boards to be one.",
                        file: file, line: 12 + index)
                ])
    }

    static func report(
        _ states: [(ChapterState, passed: Int, total: Int)], activity: [ChapterActivity?] = []
    ) -> Report {
        let chapters = zip(chapters, states).enumerated().map { index, pair in
            let (chapter, state) = pair
            let tests = (0..<state.total).map { test(chapter, $0, passed: $0 < state.passed) }
            var report = ChapterReport(chapter: chapter, state: state.0, tests: tests)
            if state.0 == .doesNotCompile {
                report.tests = []
                report.compileErrors = [
                    CompilerError(
                        file: "Chapters/Chapter2-SingletonPlus/AppSettings.swift", line: 4, column: 9,
                        message: "cannot find 'store' in scope")
                ]
            }
            report.total = state.total
            report.activity = index < activity.count ? activity[index] : nil
            return report
        }
        return Report(chapters: chapters, toolchain: "Swift version 6.3.1", generatedAt: at(minutes: 90))
    }

    /// Writes the class into `folder`.
    static func write(into folder: URL) throws {
        func save(_ text: String, _ name: String) throws {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try save(
            try report(
                [(.done, 6, 6), (.inProgress, 4, 11)],
                activity: [
                    ChapterActivity(runs: 5, firstDone: at(minutes: 40), lastActivity: at(minutes: 40), hintsShown: 1),
                    ChapterActivity(runs: 9, lastActivity: at(minutes: 85), hintsShown: 3),
                ]
            ).json(), "ada.json")
        try save(try report([(.done, 6, 6), (.doesNotCompile, 0, 11)]).json(), "grace-hopper.json")
        try save(try report([(.inProgress, 2, 6), (.notStarted, 0, 11)]).json(), "linus.json")
        try save("", "empty.json")
        try save(String(try report([(.done, 6, 6), (.done, 11, 11)]).json().prefix(200)), "cut-short.json")
        try save(
            try report([(.done, 6, 6), (.done, 11, 11)]).json()
                .replacingOccurrences(of: Report.currentFormat, with: "singletons-workbook-progress/9"),
            "from-the-future.json")
        try save("{\"name\": \"not a report\"}", "other.json")
        try save("Ada's notes, not JSON at all", "notes.txt")
    }
}

/// A class on the whole course: eight chapters, with their real titles and test counts.
enum WholeCourse {
    static let chapters = [
        (Chapter(number: 1, title: "Global vs singleton", folder: "Chapter1-GlobalVsSingleton"), 6),
        (Chapter(number: 2, title: "Singleton plus", folder: "Chapter2-SingletonPlus"), 11),
        (Chapter(number: 3, title: "Testing pain", folder: "Chapter3-TestingPain"), 11),
        (Chapter(number: 4, title: "Subclass stubs (\"bastard injection\")", folder: "Chapter4-SubclassStubs"), 9),
        (Chapter(number: 5, title: "Protocol injection", folder: "Chapter5-ProtocolInjection"), 20),
        (Chapter(number: 6, title: "Service locator", folder: "Chapter6-ServiceLocator"), 9),
        (Chapter(number: 7, title: "Current", folder: "Chapter7-Current"), 13),
        (Chapter(number: 8, title: "Capstone: untangle a legacy app", folder: "Chapter8-Capstone"), 23),
    ]

    /// A student who has finished the first `done` chapters and passed `passed` tests of the next.
    static func report(done: Int, passed: Int, broken: Bool = false) -> Report {
        let reports = chapters.map { chapter, total in
            let passing = chapter.number <= done ? total : chapter.number == done + 1 ? passed : 0
            let tests = (0..<total).map { index in
                TestResult(
                    id: "Chapter\(chapter.number)Tests.S/t\(index)()", name: "t\(index)", file: nil, line: nil,
                    state: index < passing ? .passed : .failed, issues: [])
            }
            let state: ChapterState =
                passing == total
                ? .done : chapter.number == done + 1 ? (broken ? .doesNotCompile : .inProgress) : .notStarted
            var report = ChapterReport(chapter: chapter, state: state, tests: state == .doesNotCompile ? [] : tests)
            report.total = total
            return report
        }
        return Report(chapters: reports, toolchain: "Swift version 6.3.1")
    }

    /// Writes three students of the whole course into `folder`.
    static func write(into folder: URL) throws {
        func save(_ report: Report, _ name: String) throws {
            try report.json().write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try save(report(done: 8, passed: 0), "ada.json")
        try save(report(done: 7, passed: 17), "grace-hopper.json")
        try save(report(done: 4, passed: 3, broken: true), "linus.json")
    }
}

@Suite("The class report")
struct ClassReportTests {
    @Test("A student is known by the file's name")
    func names() {
        #expect(ClassReport.name(fromFile: "ada.json") == "Ada")
        #expect(ClassReport.name(fromFile: "grace-hopper.json") == "Grace Hopper")
        #expect(ClassReport.name(fromFile: "linus_t.JSON") == "Linus T")
    }

    @Test("Bad files are named with the reason and skipped; the others make the grid")
    func readsAFolder() async throws {
        try await withTemporaryFolder("class") { folder in
            try SampleClass.write(into: folder)
            let report = try ClassReport(folder: folder)
            #expect(report.students.map(\.name) == ["Ada", "Grace Hopper", "Linus"])
            let reasons = Dictionary(uniqueKeysWithValues: report.skipped.map { ($0.file, $0.problem ?? "") })
            #expect(reasons.keys.sorted() == ["cut-short.json", "empty.json", "from-the-future.json", "other.json"])
            #expect(reasons["empty.json"] == "is empty")
            #expect(reasons["cut-short.json"]?.contains("not complete JSON") == true)
            #expect(
                reasons["from-the-future.json"]
                    == "comes from another version of the workbook (singletons-workbook-progress/9); this class "
                    + "report reads singletons-workbook-progress/1 and singletons-workbook-progress/2",
                "The version it cannot read is named, and the versions it can.")
            #expect(reasons["other.json"]?.contains("not a progress report") == true)
            #expect(report.columns.map(\.number) == [1, 2])

            let text = report.text(style: Style(colors: false))
            let ada = try #require(text.split(separator: "\n").first { $0.hasPrefix("Ada") })
            #expect(ada.contains("6/6✔") && ada.contains("4/11") && ada.contains("10/17"))
            let grace = try #require(text.split(separator: "\n").first { $0.hasPrefix("Grace Hopper") })
            #expect(grace.contains("0/11!"), "A chapter that does not compile is marked.")
            #expect(text.contains("Finished") && text.contains("2/3"))
            #expect(text.contains("cut-short.json"))
        }
    }

    @Test("A second download is one student; the same next test groups students; --since names who moved")
    func teacherInTheRoom() async throws {
        try await withTemporaryFolder("class") { folder in
            try await withTemporaryFolder("class-before") { before in
                func save(_ report: Report, _ name: String, in folder: URL) throws {
                    try report.json().write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
                }
                var older = SampleClass.report([(.inProgress, 2, 6), (.notStarted, 0, 11)])
                older.generatedAt = SampleClass.at(minutes: 10)
                try save(older, "bob.json", in: folder)
                try save(SampleClass.report([(.inProgress, 4, 6), (.notStarted, 0, 11)]), "bob (1).json", in: folder)
                try save(SampleClass.report([(.inProgress, 4, 6), (.notStarted, 0, 11)]), "cy.json", in: folder)
                try save(SampleClass.report([(.done, 6, 6), (.inProgress, 1, 11)]), "di.json", in: folder)
                try save(older, "bob.json", in: before)
                try save(SampleClass.report([(.done, 6, 6), (.inProgress, 1, 11)]), "di.json", in: before)

                var report = try ClassReport(folder: folder)
                #expect(report.students.map(\.name) == ["Bob", "Cy", "Di"], "bob (1).json is Bob, once.")
                #expect(report.students.first?.file == "bob (1).json", "The newest of Bob's files stands for him.")
                #expect(report.skipped.first { $0.file == "bob.json" }?.problem?.contains("older file of Bob") == true)

                let together = report.stuckTogether
                #expect(together.count == 1 && together.first?.students == ["Bob", "Cy"])
                #expect(together.first?.test == "Test 5 of chapter 1")

                report.earlier = ClassReport.Snapshot(try ClassReport(folder: before))
                let text = report.text(style: Style(colors: false))
                #expect(text.contains("Bob: Ch 1 +2"), "\(text)")
                #expect(text.contains("Not moved: Di"))
                let page = report.html()
                #expect(page.contains("+2 since") && page.contains("Stuck on the same test"))
                #expect(page.contains("id=\"anon\""), "Names can be hidden, to project.")
            }
        }
    }

    @Test("A class on all eight chapters fits an 80-column terminal")
    func eightChaptersInATerminal() async throws {
        try await withTemporaryFolder("class-eight") { folder in
            try WholeCourse.write(into: folder)
            let text = try ClassReport(folder: folder).text(style: Style(colors: false))
            let grid = text.split(separator: "\n").filter { line in
                ["Ada", "Grace Hopper", "Linus", "Finished"].contains { line.hasPrefix($0) } || line.hasSuffix("Total")
            }
            #expect(grid.count == 5, "The header, three students and the finished row:\n\(text)")
            for line in grid {
                #expect(line.count <= 80, "This line of the grid is \(line.count) characters wide:\n\(line)")
            }
            let ada = try #require(grid.first { $0.hasPrefix("Ada") })
            #expect(ada.contains("23/23✔") && ada.hasSuffix("102/102"))
        }
    }

    @Test("The next failing test is the first of the lowest step, as the runner picks it")
    func nextFailing() throws {
        let file = try ProgressFile(
            data: Data(try SampleClass.report([(.done, 6, 6), (.inProgress, 4, 11)]).json().utf8))
        let chapter = try #require(file.chapters.last)
        let next = try #require(ClassReport.nextFailing(chapter))
        #expect(next.name == "Test 5 of chapter 2" && next.step == 3)
    }

    @Test("The page is self-contained, and names and messages cannot inject markup")
    func page() throws {
        let json = try SampleClass.report([(.done, 6, 6), (.inProgress, 1, 11)]).json()
        let student = ClassReport.Student(
            name: "<script>alert(1)</script>", file: "x.json", report: try ProgressFile(data: Data(json.utf8)))
        let page = ClassReport(students: [student], skipped: [], source: "class").html()
        #expect(!page.contains("<script>"))
        #expect(page.contains("&lt;script&gt;"))
        #expect(!page.contains("<b>both</b>"), "Messages are escaped.")
        #expect(page.contains("&lt;b&gt;both&lt;/b&gt;"))
        #expect(!page.contains("http://") && !page.contains("https://"), "Nothing is fetched from the network.")
    }

    @Test(
        "An in-progress cell names the step and the next failing test; each student's section lists the failing tests")
    func drillDown() throws {
        let file = try ProgressFile(
            data: Data(
                try SampleClass.report(
                    [(.done, 6, 6), (.inProgress, 4, 14)],
                    activity: [ChapterActivity(runs: 5, firstDone: SampleClass.at(minutes: 40), hintsShown: 1), nil]
                ).json().utf8))
        var report = ClassReport(
            students: [ClassReport.Student(name: "Ada", file: "ada.json", report: file)], skipped: [], source: "c")
        report.timeZone = TimeZone(identifier: "UTC")!
        let page = report.html()
        #expect(page.contains("<small>step 3 · next: Test 5 of chapter 2</small>"))
        #expect(page.contains("<h3>Chapter 2 · Singleton plus: 4/14, in progress, step 3</h3>"))
        #expect(page.contains("Chapter 2 test 5 wants &lt;b&gt;both&lt;/b&gt; boards to be one."))
        #expect(!page.contains("Expectation failed"), "Swift Testing's own line gives way to the explanation.")
        #expect(page.contains("and 2 more failing tests"), "Ten fail; eight are shown at most.")
        #expect(!page.contains("<h3>Chapter 1"), "A chapter that is done needs no drill-down.")
        #expect(page.contains("<td>5</td><td>1</td><td>2026-11-20 10:10</td>"), "Runs, hints, first done.")
    }

    @Test("Long messages are cut at a word, with an ellipsis")
    func shortening() {
        let long = "Expectation failed: x\n" + String(repeating: "The board must stay one board. ", count: 20)
        let short = ClassReport.shortMessage(long)
        #expect(short.count <= 240 && short.hasSuffix("…") && !short.contains("Expectation"))
        let kept = short.dropLast()
        let rest = long.dropFirst("Expectation failed: x\n".count).dropFirst(kept.count)
        #expect(rest.first == " " || rest.first == ".", "The cut falls between words: \(short)")
        #expect(ClassReport.shortMessage("Only one line") == "Only one line")
    }
}

@Suite("Progress files, version by version")
struct ProgressFileTests {
    /// A file as the runner of format 1 wrote it (before activity was recorded).
    static let version1 = """
        {
          "buildProblems" : [],
          "chapters" : [
            {
              "compileErrors" : [],
              "lesson" : "Chapters/Chapter1-GlobalVsSingleton/README.md",
              "number" : 1,
              "passed" : 1,
              "state" : "in progress",
              "tests" : [
                {
                  "file" : "Tests/Chapter1Tests/1-OneBoardTests.swift",
                  "id" : "Chapter1Tests.OneBoardTests/sameBoard()/1-OneBoardTests.swift:6:6",
                  "issues" : [],
                  "line" : 6,
                  "name" : "There is one board",
                  "state" : "passed",
                  "suite" : "One board"
                },
                {
                  "file" : "Tests/Chapter1Tests/2-SharedStateTests.swift",
                  "id" : "Chapter1Tests.SharedStateTests/shared()/2-SharedStateTests.swift:9:6",
                  "issues" : [
                    {
                      "file" : "Tests/Chapter1Tests/2-SharedStateTests.swift",
                      "line" : 14,
                      "message" : "Expectation failed: posts.count == 2\\nBoth screens must see the same posts."
                    }
                  ],
                  "line" : 9,
                  "name" : "Both screens see the same board",
                  "state" : "failed",
                  "suite" : "Shared state"
                }
              ],
              "title" : "Global vs singleton",
              "total" : 2
            }
          ],
          "format" : "singletons-workbook-progress/1",
          "generatedAt" : "2026-11-20T09:30:00Z",
          "passed" : 1,
          "platform" : "Linux",
          "toolchain" : "Swift version 6.3.1 (swift-6.3.1-RELEASE)",
          "total" : 2
        }
        """

    /// A version 2 file with what the `runner-loop` branch adds: a "data race" state, a `step` on
    /// each test, and `changedTests`. ASSUMPTION: those names and shapes (see PROGRESS-FORMAT.md).
    static let version2WithRunnerLoopFields = """
        {
          "format": "singletons-workbook-progress/2",
          "generatedAt": "2026-11-21T10:00:00Z",
          "changedTests": ["Tests/Chapter1Tests/2-SharedStateTests.swift"],
          "chapters": [
            {"number": 1, "title": "Global vs singleton", "state": "data race", "passed": 2, "total": 2,
             "tests": [{"name": "a", "state": "passed", "step": 1}, {"name": "b", "state": "passed", "step": 2}],
             "activity": {"runs": 3, "hintsShown": 0, "lastActivity": "2026-11-21T09:59:00Z"},
             "changedTests": true,
             "raceCheck": {"state": "racy"}},
            {"number": 2, "title": "Singleton plus", "state": "in progress", "passed": 1, "total": 3,
             "tests": [{"name": "x", "state": "failed", "step": 4, "file": "Tests/Chapter2Tests/1-A.swift"},
                       {"name": "y", "state": "passed", "step": 1},
                       {"name": "z", "state": "failed", "step": 2}]}
          ]
        }
        """

    @Test("A version 1 file is read, with what it lacks left empty and steps taken from the test files")
    func version1() throws {
        let file = try ProgressFile(data: Data(Self.version1.utf8))
        #expect(file.version == 1 && file.passed == 1 && file.total == 2)
        #expect(file.changedTests == nil && file.chapters.first?.activity == nil)
        let chapter = try #require(file.chapters.first)
        #expect(chapter.tests.map(\.step) == [1, 2])
        #expect(ClassReport.nextFailing(chapter)?.name == "Both screens see the same board")

        var report = ClassReport(
            students: [ClassReport.Student(name: "Old", file: "old.json", report: file)], skipped: [], source: "c")
        report.timeZone = TimeZone(identifier: "UTC")!
        #expect(report.html().contains("step 2 · next: Both screens see the same board"))
        #expect(report.html().contains("an older workbook's file: no activity recorded"))
        let row = try #require(report.tableRows().last)
        #expect(
            row == [
                "Old", "old.json", "1", "2", "in progress", "", "", "", "1", "2", "0", "", "", "2026-11-20 09:30", "",
                "library",
            ])
    }

    @Test("A version 2 file may carry the fields of the runner-loop runner: data race, steps, changed tests")
    func runnerLoopFields() throws {
        let file = try ProgressFile(data: Data(Self.version2WithRunnerLoopFields.utf8))
        #expect(file.version == 2 && file.changedTests == true)
        #expect(file.passed == 3 && file.total == 5, "Totals missing from the file are added up.")
        let racy = try #require(file.chapters.first)
        #expect(racy.state == "data race" && ClassReport.Kind(racy.state) == .broken)
        #expect(racy.changedTests == true && racy.activity?.runs == 3)
        let next = try #require(ClassReport.nextFailing(file.chapters[1]))
        #expect(next.name == "z" && next.step == 2, "A test's own step wins over its file's number.")

        let report = ClassReport(
            students: [ClassReport.Student(name: "Ada", file: "ada.json", report: file)], skipped: [], source: "c")
        let page = report.html()
        #expect(page.contains("<small>data race</small>"))
        #expect(page.contains("tests changed"))
        #expect(report.tableRows().last?.contains("yes") == true)
        #expect(report.text(style: Style(colors: false)).contains("tests changed"))
    }

    /// A version 2 file as a runner before "tests changed" wrote it: a chapter "done" beside a
    /// changed test file, and a chapter that never compiled, without a total.
    static let version2DoneWithChangedTests = """
        {
          "format": "singletons-workbook-progress/2",
          "changedTests": [{"path": "Tests/Chapter1Tests/1-OneBoardTests.swift", "change": "changed"}],
          "passed": 2, "total": 2,
          "chapters": [
            {"number": 1, "title": "Global vs singleton", "state": "done", "passed": 2, "total": 2,
             "tests": [{"name": "a", "state": "passed", "step": 1}, {"name": "b", "state": "passed", "step": 2}],
             "changedTests": [{"path": "Tests/Chapter1Tests/1-OneBoardTests.swift", "change": "changed"}]},
            {"number": 2, "title": "Singleton plus", "state": "does not compile", "passed": 0, "tests": [],
             "changedTests": []}
          ]
        }
        """

    @Test("A chapter done with changed tests is not done, in the grid, the page and the table, which name the file")
    func doneWithChangedTests() throws {
        let file = try ProgressFile(data: Data(Self.version2DoneWithChangedTests.utf8))
        let chapter = try #require(file.chapters.first)
        #expect(chapter.state == "tests changed", "One verdict everywhere: --check says it is not done.")
        #expect(ClassReport.Kind(chapter.state) == .broken)
        #expect(chapter.changedTestFiles == ["Tests/Chapter1Tests/1-OneBoardTests.swift (changed)"])
        #expect(file.changedTestFiles == ["Tests/Chapter1Tests/1-OneBoardTests.swift (changed)"])
        #expect(file.chapters[1].changedTestFiles.isEmpty && file.chapters[1].changedTests == false)

        let report = ClassReport(
            students: [ClassReport.Student(name: "Ada", file: "ada.json", report: file)], skipped: [], source: "c")
        #expect(report.finished(report.columns[0]) == 0)
        let text = report.text(style: Style(colors: false))
        #expect(text.contains("2/2!") && !text.contains("2/2✔"), "\(text)")
        #expect(text.contains("Ada: Tests/Chapter1Tests/1-OneBoardTests.swift (changed)"), "\(text)")
        let page = report.html()
        #expect(page.contains("<small>tests changed</small>"))
        #expect(page.contains("so it is not done although every test passes"))
        #expect(page.contains("<code>Tests/Chapter1Tests/1-OneBoardTests.swift (changed)</code>"))
        let row = try #require(report.tableRows().last)
        #expect(
            row[4] == "tests changed" && row[row.count - 2] == "Tests/Chapter1Tests/1-OneBoardTests.swift (changed)")
        #expect(row[row.count - 6] == "0", "Chapters done: none.")
    }

    @Test("A chapter a file leaves without a size takes the class's, so every total is the workbook's")
    func missingTotalFromTheClass() throws {
        let old = try ProgressFile(data: Data(Self.version2DoneWithChangedTests.utf8))
        let other = try ProgressFile(
            data: SampleClass.report([(.done, passed: 1, total: 1), (.inProgress, passed: 1, total: 3)]).json().data(
                using: .utf8)!)
        let report = ClassReport(
            students: [
                ClassReport.Student(name: "Ada", file: "ada.json", report: old),
                ClassReport.Student(name: "Bo", file: "bo.json", report: other),
            ], skipped: [], source: "c")
        let ada = report.students[0]
        #expect(report.cell(ada, report.columns[1]).text == "0/3", "Not 0/?: the chapter has 3 tests.")
        #expect(report.total(of: old) == 5, "2 + the 3 of the chapter that never compiled, not 2.")
        #expect(report.text(style: Style(colors: false)).contains("2/5"))
        #expect(report.tableRows()[1][9] == "3")
    }

    @Test("The world each student worked in is in the grid, the page and the table; a mixed class is warned")
    func worlds() throws {
        var app = SampleClass.report([(.done, passed: 1, total: 1), (.inProgress, passed: 1, total: 3)])
        app.world = .app
        let inApp = try ProgressFile(data: try app.json().data(using: .utf8)!)
        #expect(inApp.world == "app")
        let old = try ProgressFile(data: Data(Self.version2DoneWithChangedTests.utf8))
        #expect(old.world == "library", "A file from before there were two worlds is from the library world.")

        let oneWorld = ClassReport(
            students: [ClassReport.Student(name: "Bo", file: "bo.json", report: inApp)], skipped: [], source: "c")
        #expect(oneWorld.worlds == ["app"])
        #expect(oneWorld.text(style: Style(colors: false)).contains("All in the app world (an Xcode 26 app target"))
        #expect(oneWorld.html().contains("All in the app world (an Xcode 26 app target"))
        #expect(!oneWorld.text(style: Style(colors: false)).contains("different worlds"))
        #expect(oneWorld.tableRows().first?.last == "World" && oneWorld.tableRows().last?.last == "app")

        let mixed = ClassReport(
            students: [
                ClassReport.Student(name: "Ada", file: "ada.json", report: old),
                ClassReport.Student(name: "Bo", file: "bo.json", report: inApp),
            ], skipped: [], source: "c")
        #expect(Set(mixed.worlds) == ["library", "app"])
        let text = mixed.text(style: Style(colors: false))
        #expect(text.contains("different worlds"), "\(text)")
        let lines = text.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("Ada") && $0.contains("library world") }, "\(text)")
        #expect(lines.contains { $0.hasPrefix("Bo") && $0.contains("app world") }, "\(text)")
        let page = mixed.html()
        #expect(page.contains("Students worked in different worlds"))
        #expect(page.contains("<small class=\"changed\">app world</small>"))
        #expect(mixed.tableRows().dropFirst().map { $0.last } == ["library", "app"])
    }

    @Test("Files that cannot be read say why")
    func problems() {
        func problem(_ text: String) -> ProgressFile.Problem? {
            do {
                _ = try ProgressFile(data: Data(text.utf8))
                return nil
            } catch {
                return error
            }
        }
        #expect(problem(" \n") == .empty)
        #expect(problem("{\"format\": \"singletons-workbook-progress/1\", \"chap") == .notJSON)
        #expect(problem("{\"format\": \"something-else/1\"}") == .notAProgressReport)
        #expect(
            problem("Singletons workbook: your progress\n  1  Global vs singleton  13/13  done\n") == .textReport,
            "The terminal's report, saved instead of --json, is named as such.")
        #expect(ProgressFile.Problem.textReport.description.contains("./Scripts/progress --json > NAME.json"))
        #expect(
            problem("{\"format\": \"singletons-workbook-progress/3\"}")
                == .unreadableVersion("singletons-workbook-progress/3"))
        #expect(problem("{\"format\": \"singletons-workbook-progress/2\", \"chapters\": 5}") == .damaged)
    }
}
