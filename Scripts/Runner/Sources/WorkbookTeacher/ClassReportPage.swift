import Foundation
import WorkbookCore

/// The class report as a self-contained web page (no scripts, no downloads): the grid, big enough
/// to project, each cell in progress naming the step and the next failing test; then a section
/// per student with their activity and, per chapter they are on, the failing tests with their
/// messages.
extension ClassReport {
    public func html(generatedAt: Date = Date()) -> String {
        let date = dateText(generatedAt)
        let worlds = self.worlds
        var rows = ""
        for (index, student) in students.enumerated() {
            var changed =
                student.report?.changedTests == true ? "<small class=\"changed\">tests changed</small>" : ""
            if let covered = student.report?.coveredChapters {
                changed += "<small class=\"changed\">partial: \(escape(Self.chapterList(covered))) only</small>"
            }
            if worlds.count > 1, let world = student.report?.world {
                changed += "<small class=\"changed\">\(escape(world)) world</small>"
            }
            rows +=
                "<tr><th scope=\"row\"><a class=\"who\" href=\"#student-\(index + 1)\">\(escape(student.name))</a>\(changed)</th>"
            for column in columns {
                rows += gridCell(student, column)
            }
            let passed = student.report?.passed ?? 0
            let total = student.report.map { self.total(of: $0) } ?? 0
            let percent = total == 0 ? 0 : passed * 100 / total
            let last = student.report.flatMap(Self.lastActivity).map(dateText) ?? ""
            rows +=
                "<td class=\"total\"><span class=\"bar\"><span style=\"width: \(percent)%\"></span></span>"
                + "<span class=\"count\">\(passed)/\(total)</span></td>"
                + "<td class=\"when\">\(escape(last))</td></tr>\n"
        }
        // One world for the class is said once; a mixed class is warned, and each row names its world.
        let worldsNote =
            worlds.count == 1
            ? "<p class=\"meta\">All in \(escape(Self.worldText(worlds[0]))).</p>"
            : worlds.isEmpty
                ? ""
                : "<p class=\"meta\"><strong>Students worked in different worlds "
                    + "(\(escape(worlds.joined(separator: ", ")))): their results do not compare.</strong></p>"
        let finishedRow =
            "<tr class=\"finished\"><th scope=\"row\">Finished</th>"
            + columns.map { "<td>\(finished($0))/\(students.count)</td>" }.joined() + "<td></td><td></td></tr>"
        let headers = columns.map {
            "<th scope=\"col\" title=\"\(escape($0.title))\">\($0.number)<small>\(escape($0.title))</small></th>"
        }.joined()
        let skippedList =
            skipped.isEmpty
            ? ""
            : "<section class=\"skipped\"><h2>Skipped \(skipped.count) \(skipped.count == 1 ? "file" : "files")</h2><ul>"
                + skipped.map { "<li><code>\(escape($0.file))</code> \(escape($0.problem ?? ""))</li>" }.joined()
                + "</ul></section>"
        let sections = students.enumerated().map { studentSection($0.element, number: $0.offset + 1) }.joined()
        let together = stuckTogether
        let togetherList =
            together.isEmpty
            ? ""
            : "<section class=\"together\"><h2>Stuck on the same test</h2><p class=\"meta\">One explanation helps "
                + "several at once.</p><ul>"
                + together.map { group in
                    "<li>Chapter \(group.chapter), “\(escape(group.test))”: "
                        + group.students.map { "<span class=\"who\">\(escape($0))</span>" }.joined(separator: ", ")
                        + "</li>"
                }.joined() + "</ul></section>"
        let since = earlier.map { " · compared with <code>\(escape($0.source))</code>" } ?? ""
        let notMoved = self.notMoved
        let notMovedNote =
            notMoved.isEmpty
            ? ""
            : "<p class=\"meta\"><strong>Not moved since the last collection:</strong> "
                + notMoved.map { "<span class=\"who\">\(escape($0))</span>" }.joined(separator: ", ") + "</p>"
        let count = "\(students.count) \(students.count == 1 ? "student" : "students")"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Class report · Singletons workbook</title>
            <style>
            body { font: 20px/1.4 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; margin: 2rem; color: #1d1d1f; background: #fff; }
            h1 { font-size: 1.8rem; margin: 0 0 .2rem; }
            p.meta { color: #555; margin: 0 0 1.5rem; }
            table.grid { border-collapse: separate; border-spacing: 4px; }
            .grid th, .grid td { padding: .45rem .7rem; text-align: center; border-radius: 6px; vertical-align: top; }
            .grid thead th { vertical-align: bottom; font-size: 1.2rem; }
            .grid thead th small { display: block; font-size: .65rem; font-weight: normal; color: #555; max-width: 8rem; }
            .grid tbody th { text-align: left; font-size: 1.1rem; white-space: nowrap; }
            .grid tbody th a { color: inherit; text-decoration: none; }
            .grid td .n { white-space: nowrap; }
            .grid td small { display: block; font-size: .6rem; font-weight: normal; max-width: 9rem; margin: 0 auto; }
            small.changed { display: block; font-size: .6rem; font-weight: normal; color: #8a5a00; }
            td.done { background: #c8ecd0; color: #0b5d1e; font-weight: 600; }
            td.progress { background: #fde9b6; color: #6b4a00; }
            td.waiting { background: #eceff1; color: #555; }
            td.broken { background: #f9c9c9; color: #8a1111; font-weight: 600; }
            td.missing { color: #999; }
            td.total { text-align: right; white-space: nowrap; font-weight: 600; }
            td.when { font-size: .7rem; color: #555; white-space: nowrap; }
            .bar { display: inline-block; width: 6rem; height: .6rem; background: #e3e6e8; border-radius: 3px; margin-right: .6rem; vertical-align: middle; overflow: hidden; }
            .bar span { display: block; height: 100%; background: #2e9d4f; }
            tr.finished th, tr.finished td { color: #555; font-size: .9rem; border-radius: 0; border-top: 2px solid #ccc; }
            .count { display: inline-block; min-width: 4.5em; text-align: right; }
            .legend span { display: inline-block; padding: .1rem .5rem; border-radius: 4px; margin-right: .6rem; font-size: .85rem; }
            .skipped { margin-top: 1.5rem; color: #8a1111; }
            .skipped h2 { font-size: 1.1rem; }
            section.student { margin-top: 2rem; border-top: 2px solid #ddd; font-size: .8rem; }
            section.student h2 { font-size: 1.3rem; margin: .8rem 0 .3rem; }
            section.student h3 { font-size: 1rem; margin: .9rem 0 .2rem; }
            table.activity { border-collapse: collapse; }
            table.activity th, table.activity td { padding: .15rem .6rem; text-align: left; border-bottom: 1px solid #eee; }
            ol.failing { margin: .2rem 0; padding-left: 1.4rem; }
            ol.failing li { margin: .25rem 0; }
            .message { color: #444; }
            .place { color: #777; font-size: .7rem; }
            /* On paper (and in the PDF a teacher hands round) eight chapters, the total and the last
               activity must fit one row across the page. */
            small.moved { color: #0b5d1e; font-weight: 600; }
            .together li { margin: .2rem 0; }
            label.anon { font-size: .8rem; color: #555; }
            /* For projecting: the names blurred, the numbers kept. */
            body:has(#anon:checked) .who { filter: blur(.45em); }
            /* A laptop's 1024 pixels: the grid fits without scrolling sideways. */
            @media screen and (max-width: 1600px) {
              body { font-size: 16px; margin: 1rem; }
              .grid tbody th { white-space: normal; max-width: 9rem; }
              .bar { width: 3.5rem; }
              td.when { white-space: normal; max-width: 6rem; }
            }
            @media screen and (max-width: 1280px) {
              body { font-size: 14px; margin: .8rem; }
              .grid { border-spacing: 2px; }
              .grid th, .grid td { padding: .25rem .3rem; }
              .grid tbody th { white-space: normal; max-width: 7rem; font-size: 1rem; }
              .grid td small { max-width: 6rem; font-size: .62rem; }
              .grid thead th small { max-width: 5.5rem; }
              .bar { display: none; }
              td.when { white-space: normal; max-width: 5rem; }
            }
            @media print { html { font-size: 10px; } body { font-size: 1rem; margin: 0; } .bar { width: 3rem; } }
            </style>
            </head>
            <body>
            <h1>Class report · Singletons workbook</h1>
            <p class="meta">\(count), made on \(escape(date)) from <code>\(escape(source))</code>\(since)
            <label class="anon"><input type="checkbox" id="anon"> hide the names, to project</label></p>
            \(worldsNote)
            <table class="grid">
            <thead><tr><th></th>\(headers)<th scope="col">Total</th><th scope="col">Last activity</th></tr></thead>
            <tbody>
            \(rows)\(finishedRow)
            </tbody>
            </table>
            <p class="legend"><span class="done" style="background:#c8ecd0">done ✔</span><span style="background:#fde9b6">in progress: the step, and the next test to fix</span><span style="background:#eceff1">not started</span><span style="background:#f9c9c9">does not compile, crashed, timed out, racy, or passes only with changed tests !</span></p>
            \(togetherList)\(notMovedNote)
            \(skippedList)
            \(sections)
            </body>
            </html>

            """
    }

    /// One cell of the grid. In progress, it names the step and the next failing test; broken,
    /// which way it is broken.
    func gridCell(_ student: Student, _ column: Column) -> String {
        let cell = cell(student, column)
        let label = cell.state ?? "not in this file"
        let mark = cell.kind == .done ? " ✔" : cell.kind == .broken ? " !" : ""
        var note = ""
        var title = label
        if cell.kind == .broken {
            note = "<small>\(escape(label))</small>"
        } else if cell.kind == .progress, let chapter = chapter(student, column),
            let next = Self.nextFailing(chapter)
        {
            let step = next.step.map { "step \($0) · " } ?? ""
            note = "<small>\(escape(step))next: \(escape(next.name))</small>"
            title = "\(label), \(step)next: \(next.name)"
        }
        if let moved = moved(student, column), moved != 0 {
            note += "<small class=\"moved\">\(moved > 0 ? "+" : "")\(moved) since</small>"
        }
        return
            "<td class=\"\(cell.kind.rawValue)\" title=\"\(escape(title))\"><span class=\"n\">\(escape(cell.text))\(mark)</span>"
            + "\(note)</td>"
    }

    /// A student's section: activity per chapter, then where they are stuck.
    func studentSection(_ student: Student, number: Int) -> String {
        guard let report = student.report else { return "" }
        var html = "<section class=\"student\" id=\"student-\(number)\"><h2 class=\"who\">\(escape(student.name))</h2>"
        var facts = ["\(report.passed)/\(total(of: report)) tests", "file <code>\(escape(student.file))</code>"]
        if let made = report.generatedAt { facts.append("made \(escape(dateText(made)))") }
        facts.append(escape(Self.worldText(report.world)))
        if report.version < 2 { facts.append("an older workbook's file: no activity recorded") }
        if report.changedTests == true {
            let files = report.changedTestFiles.map { "<code>\(escape($0))</code>" }.joined(separator: ", ")
            facts.append("<strong>changed the workbook's tests</strong>" + (files.isEmpty ? "" : ": \(files)"))
        }
        html += "<p class=\"meta\">\(facts.joined(separator: " · "))</p>"

        if report.chapters.contains(where: { $0.activity != nil }) {
            html +=
                "<table class=\"activity\"><thead><tr><th>Chapter</th><th>Result</th><th>Runs</th><th>Hints</th>"
                + "<th>First done</th><th>Last activity</th></tr></thead><tbody>"
            for chapter in report.chapters {
                let activity = chapter.activity
                html +=
                    "<tr><td>\(chapter.number) · \(escape(chapter.title))</td>"
                    + "<td>\(chapter.passed)/\(total(of: chapter).map(String.init) ?? "?") \(escape(chapter.state))</td>"
                    + "<td>\(activity.map { String($0.runs) } ?? "")</td>"
                    + "<td>\(activity.map { String($0.hintsShown) } ?? "")</td>"
                    + "<td>\(escape(dateText(activity?.firstDone)))</td>"
                    + "<td>\(escape(dateText(activity?.lastActivity)))</td></tr>"
            }
            html += "</tbody></table>"
        }
        for chapter in Self.stuckChapters(report) {
            html += stuckDetail(chapter)
        }
        return html + "</section>\n"
    }

    /// Where a student is in one chapter: the compiler's first errors, how it crashed, or the
    /// failing tests in the order the runner would have them fixed, each with its message.
    func stuckDetail(_ chapter: ProgressFile.Chapter) -> String {
        let next = Self.nextFailing(chapter)
        let step = next?.step.map { ", step \($0)" } ?? ""
        var html =
            "<h3>Chapter \(chapter.number) · \(escape(chapter.title)): "
            + "\(chapter.passed)/\(total(of: chapter).map(String.init) ?? "?"), \(escape(chapter.state))\(escape(step))</h3>"
        if !chapter.changedTestFiles.isEmpty {
            html +=
                "<p class=\"message\">Its test files differ from the workbook's originals"
                + (chapter.state == "tests changed" ? ", so it is not done although every test passes" : "") + ": "
                + chapter.changedTestFiles.map { "<code>\(escape($0))</code>" }.joined(separator: ", ") + "</p>"
        }
        if !chapter.compileErrors.isEmpty {
            html +=
                "<ul>"
                + chapter.compileErrors.prefix(3).map {
                    "<li><code>\(escape(Self.shorten($0.summary, to: 200)))</code></li>"
                }
                .joined() + "</ul>"
        }
        if let crash = chapter.crash {
            html += "<p class=\"message\">\(escape(Self.shorten(crash, to: 480)))</p>"
        }
        let failing = chapter.tests.enumerated()
            .filter { $0.element.state != "passed" && $0.element.state != "skipped" }
            .sorted { ($0.element.step ?? Int.max, $0.offset) < ($1.element.step ?? Int.max, $1.offset) }
            .map(\.element)
        let shown = 8
        if !failing.isEmpty {
            html += "<ol class=\"failing\">"
            for test in failing.prefix(shown) {
                let message = test.messages.first.map { Self.shortMessage($0) } ?? test.state
                let place = test.step.map { "step \($0)" } ?? ""
                html +=
                    "<li><strong>\(escape(Self.shorten(test.name, to: 120)))</strong> "
                    + "<span class=\"place\">\(escape(place))</span><br>"
                    + "<span class=\"message\">\(escape(message))</span></li>"
            }
            html += "</ol>"
            if failing.count > shown {
                html += "<p class=\"place\">and \(failing.count - shown) more failing tests</p>"
            }
        }
        return html
    }

    func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
