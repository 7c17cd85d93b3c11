import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookTeacher

// The class report as programs outside the workbook see it: a real browser, Python's csv module,
// a real spreadsheet. Each suite runs only when `./Scripts/verify` finds the program and names it
// in the environment; elsewhere verify says the check did not run, and here it is skipped.

/// What a browser shows of the page: it is printed to PDF by a real headless Chromium and read
/// back as text. Runs with `WORKBOOK_BROWSER` (the browser) and `WORKBOOK_PDFTOTEXT` set.
@Suite(
    "The class report, as a browser shows it",
    .enabled(if: ProcessInfo.processInfo.environment["WORKBOOK_BROWSER"] != nil, "set WORKBOOK_BROWSER")
)
struct ClassReportBrowserTests {
    @Test(
        "A headless browser shows every student's row, the step and next test in progress, and each student's failing tests"
    )
    func rendered() async throws {
        let environment = ProcessInfo.processInfo.environment
        let browser = try #require(environment["WORKBOOK_BROWSER"])
        let pdftotext = environment["WORKBOOK_PDFTOTEXT"] ?? "pdftotext"
        try await withTemporaryFolder("class-browser") { folder in
            try SampleClass.write(into: folder)
            let page = folder.appendingPathComponent("class-report.html")
            var report = try ClassReport(folder: folder)
            report.timeZone = TimeZone(identifier: "UTC")!
            try report.html().write(to: page, atomically: true, encoding: .utf8)
            let pdf = folder.appendingPathComponent("page.pdf")
            // The browser keeps its crash reports under the home folder's configuration, whatever
            // the profile: give it a home inside the temporary folder.
            var insideFolder = environment
            for variable in ["HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"] {
                insideFolder[variable] = folder.appendingPathComponent("home").path
            }
            let printed = try await Command(
                [
                    browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
                    "--print-to-pdf=\(pdf.path)", page.absoluteString,
                ], in: folder, environment: insideFolder, timeLimit: .seconds(120)
            ).run()
            try #require(
                FileManager.default.fileExists(atPath: pdf.path), "The browser printed nothing: \(printed.output)")
            let laidOut = try await Command([pdftotext, "-layout", pdf.path, "-"], in: folder)
                .run(separateErrors: true).output
            let lines = laidOut.split(separator: "\n").map {
                $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            }
            // The same text in reading order, with every run of white space made one space.
            let reading = try await Command([pdftotext, pdf.path, "-"], in: folder).run(separateErrors: true).output
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")

            #expect(laidOut.contains("Class report"))
            #expect(laidOut.contains("3 students"))
            // Each student's row, in order, with their cells and total on one line.
            let expected = [
                ["Ada", "6/6", "✔", "4/11", "10/17"],
                ["Grace", "Hopper", "6/6", "✔", "0/11", "!", "6/17"], ["Linus", "2/6", "0/11", "2/17"],
            ]
            for row in expected {
                #expect(
                    lines.contains { Array($0.prefix(row.count)) == row },
                    "No line of the printed page begins \(row.joined(separator: " ")):\n\(laidOut)")
            }
            // An in-progress cell names the step and the next failing test.
            #expect(reading.contains("step 3 · next: Test 5 of chapter 2"), "\(reading)")
            #expect(reading.contains("step 2 · next: Test 3 of chapter 1"), "Linus's cell. \(reading)")
            #expect(reading.contains("Last activity"), "The grid has a column for it.")
            #expect(reading.contains("2026-11-20 10:55"), "Ada's last activity, in the grid or her section.")
            // Each student's section: activity, then failing tests with their messages, as text.
            #expect(reading.contains("Chapter 2 · Singleton plus: 4/11, in progress, step 3"))
            #expect(reading.contains("Test 5 of chapter 2 step 3 Chapter 2 test 5 wants <b>both</b> boards to be one."))
            #expect(reading.contains("1 · Global vs singleton 6/6 done 5 1 2026-11-20 10:10 2026-11-20 10:10"))
            #expect(
                reading.contains("Chapters/Chapter2-SingletonPlus/AppSettings.swift:4:9: cannot find 'store' in scope"))
            for skipped in ["empty.json", "cut-short.json", "from-the-future.json", "other.json"] {
                #expect(laidOut.contains(skipped), "The page does not show that \(skipped) was skipped.")
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
            var insideFolder = environment
            for variable in ["HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"] {
                insideFolder[variable] = folder.appendingPathComponent("home").path
            }
            let printed = try await Command(
                [
                    browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
                    "--print-to-pdf=\(pdf.path)", page.absoluteString,
                ], in: folder, environment: insideFolder, timeLimit: .seconds(120)
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
                    lines.contains { Array($0.prefix(row.count)) == row.map { Substring($0) } },
                    "No line of the printed page begins \(row.joined(separator: " ")):\n\(read.output)")
            }
            #expect(read.output.contains("Capstone"), "The eighth column's title is not on the page.")
        }
    }
}

/// The table read back by Python's csv module, as a teacher's script would read it. Runs with
/// `WORKBOOK_PYTHON` set.
@Suite(
    "The class table, read by Python's csv module",
    .enabled(if: ProcessInfo.processInfo.environment["WORKBOOK_PYTHON"] != nil, "set WORKBOOK_PYTHON")
)
struct ClassTablePythonTests {
    @Test("Python's csv module reads every field as written, names with accents, commas and quotes included")
    func python() async throws {
        let python = try #require(ProcessInfo.processInfo.environment["WORKBOOK_PYTHON"])
        try await withTemporaryFolder("class-python") { folder in
            let report = try AwkwardClass.report()
            let table = folder.appendingPathComponent("class-report.csv")
            try report.csvData().write(to: table)
            let script = """
                import csv, json, sys
                with open(sys.argv[1], encoding="utf-8-sig", newline="") as f:
                    rows = list(csv.reader(f, strict=True))
                print(json.dumps(rows))
                """
            let result = try await Command([python, "-c", script, table.path], in: folder).run(separateErrors: true)
            try #require(result.succeeded, "Python could not read the table: \(result.errors)")
            let rows = try JSONDecoder().decode([[String]].self, from: Data(result.output.utf8))
            #expect(rows.count == report.students.count + 1)
            #expect(rows.map { $0.map(ClassTableTests.unguarded) } == report.tableRows())
            #expect(rows.first?.first == "Student", "The byte order mark is not part of the first name.")
        }
    }
}

/// The table opened by a real spreadsheet: LibreOffice imports it as a user's Calc would (UTF-8,
/// comma, double quote) and writes it out again. Text comes back quoted and numbers bare, so the
/// re-export shows which fields Calc took for numbers, dates, formulas or text. Runs with
/// `WORKBOOK_SOFFICE` set.
@Suite(
    "The class table, opened by LibreOffice",
    .enabled(if: ProcessInfo.processInfo.environment["WORKBOOK_SOFFICE"] != nil, "set WORKBOOK_SOFFICE")
)
struct ClassTableSpreadsheetTests {
    @Test("Calc reads names as text (formulas too), counts as numbers and times as dates")
    func libreOffice() async throws {
        let soffice = try #require(ProcessInfo.processInfo.environment["WORKBOOK_SOFFICE"])
        try await withTemporaryFolder("class-calc") { folder in
            let report = try AwkwardClass.report()
            let table = folder.appendingPathComponent("class-report.csv")
            try report.csvData().write(to: table)
            let out = folder.appendingPathComponent("out")
            let converted = try await Command(
                [
                    soffice, "--headless", "--norestore",
                    "-env:UserInstallation=\(folder.appendingPathComponent("profile").absoluteString)",
                    "--infilter=CSV:44,34,76,1", "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1",
                    "--outdir", out.path, table.path,
                ], in: folder, timeLimit: .seconds(180)
            ).run()
            let back = try #require(
                FileManager.default.contents(atPath: out.appendingPathComponent("class-report.csv").path),
                "LibreOffice wrote nothing: \(converted.output)")
            let rows = try RFC4180.fields(String(decoding: back, as: UTF8.self), strict: false)
            let written = report.tableRows()
            try #require(rows.count == written.count, "\(rows.count) rows came back for \(written.count)")
            let header = written[0]
            for (row, original) in zip(rows.dropFirst(), written.dropFirst()) {
                #expect(row.count == header.count)
                for ((field, column), value) in zip(zip(row, header), original) {
                    if column.hasSuffix(" passed") || column.hasSuffix(" tests") || column.hasSuffix(" runs")
                        || column.hasSuffix(" hints") || ["Passed", "Tests", "Chapters done"].contains(column)
                    {
                        #expect(
                            !field.quoted && field.text == value,
                            "\(column) of \(original[0]) should be the number \(value), not \(field)")
                    } else if column.hasSuffix(" done on") || column == "Last activity" || column == "Report made" {
                        // A date comes back reformatted, with seconds: Calc read it as a date and time.
                        #expect(
                            !field.quoted && field.text == (value.isEmpty ? "" : value + ":00"), "\(column): \(field)")
                    } else {
                        #expect(field.quoted || value.isEmpty, "\(column) should be text: \(field)")
                        #expect(ClassTableTests.unguarded(field.text) == value, "\(column): \(field.text) for \(value)")
                    }
                }
            }
            let names = rows.dropFirst().compactMap(\.first?.text)
            #expect(names.contains("Zoë Łukasz") && names.contains("Smith, Jo") && names.contains("O\"neil"))
            #expect(names.contains("'=hyperlink(1)"), "A formula in a name is shown, not run: \(names)")
        }
    }
}
