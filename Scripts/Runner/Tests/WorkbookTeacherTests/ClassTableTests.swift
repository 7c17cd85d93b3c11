import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookTeacher

/// An RFC 4180 reader, written apart from the writer, to read the table back.
enum RFC4180 {
    enum Failure: Error {
        case quoteInsideField(row: Int)
        case unclosedQuote
        case recordWithoutCRLF
    }

    /// The records of `text`, each field with whether it was quoted. Strict, every record ends
    /// with CRLF; otherwise a bare LF ends one too (as LibreOffice writes). A quoted field may
    /// hold commas, line breaks and doubled quotes; a quote anywhere else is an error.
    static func fields(_ text: String, strict: Bool = true) throws -> [[(text: String, quoted: Bool)]] {
        var records: [[(text: String, quoted: Bool)]] = []
        var record: [(text: String, quoted: Bool)] = []
        var field = ""
        var quoted = false
        var wasQuoted = false
        var fieldStarted = false
        func endField() {
            record.append((field, wasQuoted))
            field = ""
            wasQuoted = false
            fieldStarted = false
        }
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        field.unicodeScalars.append("\"")
                        scalars.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                guard !fieldStarted else { throw Failure.quoteInsideField(row: records.count) }
                quoted = true
                wasQuoted = true
                fieldStarted = true
            case ",":
                endField()
            case "\r":
                guard scalars.popFirst() == "\n" else { throw Failure.recordWithoutCRLF }
                endField()
                records.append(record)
                record = []
            case "\n":
                guard !strict else { throw Failure.recordWithoutCRLF }
                endField()
                records.append(record)
                record = []
            default:
                field.unicodeScalars.append(scalar)
                fieldStarted = true
            }
        }
        if quoted { throw Failure.unclosedQuote }
        if fieldStarted || !record.isEmpty {
            guard !strict else { throw Failure.recordWithoutCRLF }
            endField()
            records.append(record)
        }
        return records
    }

    /// The records' texts.
    static func parse(_ text: String, strict: Bool = true) throws -> [[String]] {
        try fields(text, strict: strict).map { $0.map(\.text) }
    }
}

/// Students whose names test the table: accents, a comma, a quote, a line break, and formulas.
enum AwkwardClass {
    static let files = [
        "zoë-łukasz.json", "smith, jo.json", "o\"neil.json", "=hyperlink(1).json", "+sum(a1).json", "@cmd.json",
    ]

    static func report(timeZone: TimeZone = TimeZone(identifier: "UTC")!) throws -> ClassReport {
        var students: [ClassReport.Student] = []
        for (index, file) in files.enumerated() {
            var report = SampleClass.report(
                [(.done, 6, 6), (.inProgress, index + 1, 11)],
                activity: [
                    ChapterActivity(
                        runs: 4, firstDone: SampleClass.at(minutes: 30), lastActivity: SampleClass.at(minutes: 30),
                        hintsShown: 1),
                    ChapterActivity(runs: index, lastActivity: SampleClass.at(minutes: 60 + index), hintsShown: 0),
                ])
            report.chapters[1].title = "Singleton plus, \"the sequel\"\nwith a line break"
            students.append(
                ClassReport.Student(
                    name: ClassReport.name(fromFile: file), file: file,
                    report: try ProgressFile(data: Data(try report.json().utf8))))
        }
        students.append(
            ClassReport.Student(
                name: "Old", file: "old.json",
                report: try ProgressFile(data: Data(ProgressFileTests.version1.utf8))))
        var classReport = ClassReport(students: students, skipped: [], source: "class")
        classReport.timeZone = timeZone
        return classReport
    }
}

@Suite("The class table for spreadsheets")
struct ClassTableTests {
    @Test("The table reads back, row for row, with a strict RFC 4180 reader")
    func roundTrip() throws {
        let report = try AwkwardClass.report()
        let rows = try RFC4180.parse(report.csv())
        #expect(rows.count == report.students.count + 1)
        #expect(Set(rows.map(\.count)).count == 1, "Every record has as many fields as the header.")
        #expect(
            rows.first?.prefix(8) == [
                "Student", "File", "Ch 1 passed", "Ch 1 tests", "Ch 1 state", "Ch 1 runs", "Ch 1 hints", "Ch 1 done on",
            ])
        #expect(
            rows.first?.suffix(8) == [
                "Passed", "Tests", "Chapters done", "Tests changed", "Last activity", "Report made",
                "Changed test files", "World",
            ])
        // The table says what the report says, field for field, once the guard is taken off.
        #expect(rows.dropFirst().map { $0.map(Self.unguarded) } == report.tableRows().dropFirst().map { $0 })
        let zoe = try #require(rows.first { $0.first == "Zoë Łukasz" })
        #expect(
            zoe == [
                "Zoë Łukasz", "zoë-łukasz.json", "6", "6", "done", "4", "1", "2026-11-20 10:00", "1", "11",
                "in progress",
                "0", "0", "", "7", "17", "1", "", "2026-11-20 10:30", "2026-11-20 11:00", "", "library",
            ])
        #expect(rows.contains { $0.first == "Smith, Jo" } && rows.contains { $0.first == "O\"neil" })
    }

    @Test("Names a spreadsheet would run as formulas are kept as text")
    func formulas() throws {
        let rows = try RFC4180.parse(try AwkwardClass.report().csv())
        let names = rows.dropFirst().compactMap(\.first)
        for guarded in ["'=hyperlink(1)", "'+sum(a1)", "'@cmd"] {
            #expect(names.contains(guarded), "\(guarded) is not among \(names)")
        }
        #expect(CSV.field("-2+3") == "'-2+3")
        #expect(!names.contains { "=+-@".contains($0.first ?? " ") }, "No name begins with a formula's sign: \(names)")
        #expect(CSV.field("-3") == "-3", "A number stays a number.")
        #expect(CSV.field("\tcmd") == "'\tcmd")
    }

    @Test("The file is UTF-8 with a byte order mark, CRLF between records, quotes only where needed")
    func bytes() throws {
        let data = try AwkwardClass.report().csvData()
        #expect(Array(data.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let text = String(decoding: data.dropFirst(3), as: UTF8.self)
        #expect(text.hasPrefix("Student,File,Ch 1 passed,"))
        #expect(text.hasSuffix("\r\n"))
        #expect(text.contains("\"Smith, Jo\"") && text.contains("\"O\"\"neil\""))
        #expect(CSV.field("a\r\nb") == "\"a\r\nb\"", "A CRLF inside a field is quoted.")
        #expect(CSV.field("plain") == "plain")
        #expect(throws: RFC4180.Failure.self) { try RFC4180.parse("a,b\n") }
        #expect(throws: RFC4180.Failure.self) { try RFC4180.parse("a,\"b\r\n") }
    }

    /// A field as the report has it: the formula guard taken off.
    static func unguarded(_ field: String) -> String {
        field.hasPrefix("'") && "=+-@\t\r".contains(field.dropFirst().first ?? " ") ? String(field.dropFirst()) : field
    }
}
