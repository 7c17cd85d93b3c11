import Foundation
import WorkbookCore

/// The class as a table for a spreadsheet or a gradebook: one row per student.
///
/// Written so that a spreadsheet opens it right:
/// - RFC 4180: fields separated by commas, records by CRLF; a field with a comma, a double quote
///   or a line break is enclosed in double quotes, and its double quotes are doubled.
/// - UTF-8 with a byte order mark. Excel reads a CSV without one in the system's legacy code page,
///   which garbles names such as "Zoë" or "Łukasz"; with it, Excel, LibreOffice, Numbers, Google
///   Sheets and Python (`encoding="utf-8-sig"`) all read UTF-8.
/// - Nothing a spreadsheet would run: a text field that begins with `=`, `+`, `-`, `@`, a tab or
///   a carriage return (a name made from a file called `=HYPERLINK(…).json`, say) gets a `'` in
///   front, so it is shown as text and never evaluated as a formula.
/// - Counts in columns of their own ("4" and "11", not "4/11", which spreadsheets turn into the
///   date 11 April); dates as `2026-11-22 18:14`, which they read as a date and time.
extension ClassReport {
    /// The header and one row per student.
    public func tableRows() -> [[String]] {
        var header = ["Student", "File"]
        for column in columns {
            let chapter = "Ch \(column.number)"
            header += [
                "\(chapter) passed", "\(chapter) tests", "\(chapter) state", "\(chapter) runs", "\(chapter) hints",
                "\(chapter) done on",
            ]
        }
        header += [
            "Passed", "Tests", "Chapters done", "Tests changed", "Last activity", "Report made", "Changed test files",
            "World",
        ]
        var rows = [header]
        for student in students {
            guard let report = student.report else { continue }
            var row = [student.name, student.file]
            for column in columns {
                guard let chapter = chapter(student, column) else {
                    row += ["", "", "not in this file", "", "", ""]
                    continue
                }
                row += [
                    String(chapter.passed), total(of: chapter).map(String.init) ?? "", chapter.state,
                    chapter.activity.map { String($0.runs) } ?? "",
                    chapter.activity.map { String($0.hintsShown) } ?? "",
                    dateText(chapter.activity?.firstDone),
                ]
            }
            row += [
                String(report.passed), String(total(of: report)),
                String(report.chapters.count { $0.state == "done" }),
                report.changedTests.map { $0 ? "yes" : "no" } ?? "",
                dateText(Self.lastActivity(report)), dateText(report.generatedAt),
                report.changedTestFiles.joined(separator: "; "), report.world,
            ]
            rows.append(row)
        }
        return rows
    }

    /// The table as CSV text (without the byte order mark; ``csvData()`` adds it).
    public func csv() -> String {
        CSV.text(tableRows())
    }

    /// The file's bytes: a UTF-8 byte order mark, then ``csv()``.
    public func csvData() -> Data {
        Data([0xEF, 0xBB, 0xBF]) + Data(csv().utf8)
    }
}

/// RFC 4180 text, made safe to open in a spreadsheet.
public enum CSV {
    /// Records joined by CRLF, each ending with one, as RFC 4180 has it.
    public static func text(_ rows: [[String]]) -> String {
        rows.map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    /// One field: neutralised if a spreadsheet would take it for a formula, then quoted if it
    /// must be.
    public static func field(_ value: String) -> String {
        var value = value
        if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first),
            Double(value) == nil
        {
            value = "'" + value
        }
        // Scalars, not characters: "\r\n" is one character, and equal to neither "\r" nor "\n".
        guard value.unicodeScalars.contains(where: { ",\"\n\r".unicodeScalars.contains($0) }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
