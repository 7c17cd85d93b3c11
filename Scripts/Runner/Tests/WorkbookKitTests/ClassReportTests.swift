import Foundation
import Testing

@testable import WorkbookKit

/// Three students' progress files, and four files a teacher might find beside them.
enum SampleClass {
    static let chapters = [
        Chapter(number: 1, title: "Global vs singleton", folder: "Chapter1-GlobalVsSingleton"),
        Chapter(number: 2, title: "Singleton plus", folder: "Chapter2-SingletonPlus"),
    ]

    static func report(_ states: [(ChapterState, passed: Int, total: Int)]) -> Report {
        let chapters = zip(chapters, states).map { chapter, state in
            let tests = (0..<state.total).map { index in
                TestResult(
                    id: "Chapter\(chapter.number)Tests.S/t\(index)()", name: "t\(index)", file: nil, line: nil,
                    state: index < state.passed ? .passed : .failed, issues: [])
            }
            var report = ChapterReport(chapter: chapter, state: state.0, tests: tests)
            if state.0 == .doesNotCompile { report.tests = [] }
            report.total = state.total
            return report
        }
        return Report(chapters: chapters, toolchain: "Swift version 6.3.1")
    }

    /// Writes the class into `folder`.
    static func write(into folder: URL) throws {
        func save(_ text: String, _ name: String) throws {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try save(try report([(.done, 6, 6), (.inProgress, 4, 11)]).json(), "ada.json")
        try save(try report([(.done, 6, 6), (.doesNotCompile, 0, 11)]).json(), "grace-hopper.json")
        try save(try report([(.inProgress, 2, 6), (.notStarted, 0, 11)]).json(), "linus.json")
        try save("", "empty.json")
        try save(String(try report([(.done, 6, 6), (.done, 11, 11)]).json().prefix(200)), "cut-short.json")
        try save(
            try report([(.done, 6, 6), (.done, 11, 11)]).json()
                .replacingOccurrences(of: "singletons-workbook-progress/1", with: "singletons-workbook-progress/9"),
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
            #expect(reasons["from-the-future.json"]?.contains("another version") == true)
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

    @Test("The page is self-contained, and names cannot inject markup")
    func page() {
        let student = ClassReport.Student(
            name: "<script>alert(1)</script>", file: "x.json",
            report: SampleClass.report([(.done, 6, 6), (.notStarted, 0, 11)]))
        let page = ClassReport(students: [student], skipped: [], source: "class").html()
        #expect(!page.contains("<script>"))
        #expect(page.contains("&lt;script&gt;"))
        #expect(!page.contains("http://") && !page.contains("https://"), "Nothing is fetched from the network.")
    }
}

/// What a browser shows of the page: it is printed to PDF by a real headless Chromium and read
/// back as laid-out text. `./Scripts/verify` runs this with `WORKBOOK_BROWSER` (the browser) and
/// `WORKBOOK_PDFTOTEXT` set; on a machine without them it says so, and it is skipped here.
@Suite(
    "The class report, as a browser shows it",
    .enabled(if: ProcessInfo.processInfo.environment["WORKBOOK_BROWSER"] != nil, "set WORKBOOK_BROWSER")
)
struct ClassReportBrowserTests {
    @Test("A headless browser shows every student's row with their cells, and the skipped files")
    func rendered() async throws {
        let environment = ProcessInfo.processInfo.environment
        let browser = try #require(environment["WORKBOOK_BROWSER"])
        let pdftotext = environment["WORKBOOK_PDFTOTEXT"] ?? "pdftotext"
        try await withTemporaryFolder("class-browser") { folder in
            try SampleClass.write(into: folder)
            let page = folder.appendingPathComponent("class-report.html")
            try ClassReport(folder: folder).html().write(to: page, atomically: true, encoding: .utf8)
            let pdf = folder.appendingPathComponent("page.pdf")
            let printed = try await Command(
                [
                    browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
                    "--print-to-pdf=\(pdf.path)", page.absoluteString,
                ], in: folder, timeLimit: .seconds(120)
            ).run()
            try #require(
                FileManager.default.fileExists(atPath: pdf.path), "The browser printed nothing: \(printed.output)")
            let read = try await Command([pdftotext, "-layout", pdf.path, "-"], in: folder).run(separateErrors: true)
            let lines = read.output.split(separator: "\n").map {
                $0.split(separator: " ", omittingEmptySubsequences: true)
            }

            #expect(read.output.contains("Class report"))
            #expect(read.output.contains("3 students"))
            // Each student's row, in order, with their cells and total on the same line.
            let expected = [
                ["Ada", "6/6", "✔", "4/11", "10/17"], ["Grace", "Hopper", "6/6", "✔", "0/11", "!", "6/17"],
                ["Linus", "2/6", "0/11", "2/17"],
            ]
            for row in expected {
                #expect(
                    lines.contains { Array($0) == row.map { Substring($0) } },
                    "No line of the printed page reads \(row.joined(separator: " ")):\n\(read.output)")
            }
            for skipped in ["empty.json", "cut-short.json", "from-the-future.json", "other.json"] {
                #expect(read.output.contains(skipped), "The page does not show that \(skipped) was skipped.")
            }
        }
    }

    @Test("A class on all eight chapters prints each student's row whole, on one line")
    func renderedWholeCourse() async throws {
        let environment = ProcessInfo.processInfo.environment
        let browser = try #require(environment["WORKBOOK_BROWSER"])
        let pdftotext = environment["WORKBOOK_PDFTOTEXT"] ?? "pdftotext"
        try await withTemporaryFolder("class-browser-eight") { folder in
            try WholeCourse.write(into: folder)
            let page = folder.appendingPathComponent("class-report.html")
            try ClassReport(folder: folder).html().write(to: page, atomically: true, encoding: .utf8)
            let pdf = folder.appendingPathComponent("page.pdf")
            let printed = try await Command(
                [
                    browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
                    "--print-to-pdf=\(pdf.path)", page.absoluteString,
                ], in: folder, timeLimit: .seconds(120)
            ).run()
            try #require(
                FileManager.default.fileExists(atPath: pdf.path), "The browser printed nothing: \(printed.output)")
            let read = try await Command([pdftotext, "-layout", pdf.path, "-"], in: folder).run(separateErrors: true)
            let lines = read.output.split(separator: "\n").map {
                $0.split(separator: " ", omittingEmptySubsequences: true)
            }
            let expected = [
                [
                    "Ada", "6/6", "✔", "11/11", "✔", "11/11", "✔", "9/9", "✔", "20/20", "✔", "9/9", "✔", "13/13", "✔",
                    "23/23",
                    "✔", "102/102",
                ],
                [
                    "Linus", "6/6", "✔", "11/11", "✔", "11/11", "✔", "9/9", "✔", "0/20", "!", "0/9", "0/13", "0/23",
                    "37/102",
                ],
            ]
            for row in expected {
                #expect(
                    lines.contains { Array($0) == row.map { Substring($0) } },
                    "No line of the printed page reads \(row.joined(separator: " ")):\n\(read.output)")
            }
            #expect(read.output.contains("Capstone"), "The eighth column's title is not on the page.")
        }
    }
}
