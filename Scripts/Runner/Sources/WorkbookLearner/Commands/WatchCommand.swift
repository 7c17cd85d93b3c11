import Foundation
import WorkbookCore

/// `./Scripts/progress --watch [N]`: report again whenever a file under Chapters/ or Tests/ changes.
///
/// With N, each save runs chapter N alone (`progress N`). Without, a save runs the chapters whose
/// files changed first and redraws the overview with them, then the rest. A save while a run is
/// going stops that run (its processes are killed) and starts a new one.
enum WatchCommand {
    static func main(
        runner: ProgressRunner, detail: Int?, all: Bool = false, style: Style, statusLine: StatusLine
    ) async -> Int32 {
        let workbook = runner.workbook
        let terminal = isatty(STDOUT_FILENO) == 1
        // On a terminal, each report replaces the last one, scrollback included, and fits the
        // window: what stays in sight is the top, where the step the learner is on is.
        let clear = terminal ? "\u{1B}[H\u{1B}[2J\u{1B}[3J" : "\n" + String(repeating: "─", count: 60) + "\n"
        let footer = "Watching Chapters/ and Tests/; save a file to run again, Ctrl-C to stop."
        let whole = detail.map { "./Scripts/progress \($0) --all" } ?? "./Scripts/progress"
        @Sendable func draw(_ text: String, after start: ContinuousClock.Instant) {
            statusLine.clear()
            let time = Date().formatted(date: .omitted, time: .standard)
            let updated = "Updated at \(time) in \((ContinuousClock.now - start).readable). \(footer)"
            var shown = text
            if terminal, !all, let size = Terminal.size() {
                // The report, a blank line, the footer (maybe two rows) and the cursor's line.
                let footerRows = (updated.count + size.columns - 1) / max(1, size.columns)
                shown = fit(text, rows: size.rows - 2 - footerRows, columns: size.columns, rest: whole, style: style)
            }
            printNow(clear + shown)
            printNow(style.dim("\n" + updated))
        }

        var seen = fingerprint(of: workbook)
        var changed: Set<Int>? = nil  // the chapters to run first; nil: everything at once
        while true {
            let start = ContinuousClock.now
            let job = Task { [changed] in
                do {
                    // Activity hook (issue 16): a run under --watch counts as a progress run does.
                    let activity = ActivityLog(workbook: workbook)
                    if let detail {
                        let report = try await runner.report(only: [detail])
                        activity.recordRun(report, selected: detail)
                        if let chapter = report.chapters.first {
                            draw(
                                ReportText.detail(
                                    chapter, style: style, all: all, world: report.world,
                                    lastCompiled: runner.lastCompiled(ifBroken: chapter)),
                                after: start)
                        }
                    } else if let changed, runner.lastKnownReport() != nil {
                        let first = try await runner.report(only: changed)
                        if let merged = runner.lastKnownReport() {
                            let names = changed.sorted().map(String.init).joined(separator: ", ")
                            let note = style.dim(
                                "Chapter \(names) changed and is up to date; testing the other chapters…")
                            draw(note + "\n\n" + ReportText.overview(merged, style: style), after: start)
                        }
                        let reused = Dictionary(uniqueKeysWithValues: first.chapters.map { ($0.number, $0) })
                        let report = try await runner.report(reusing: reused)
                        activity.recordRun(report)
                        draw(ReportText.overview(report, style: style), after: start)
                    } else {
                        let report = try await runner.report()
                        activity.recordRun(report)
                        draw(ReportText.overview(report, style: style), after: start)
                    }
                } catch is CancellationError {
                    // A newer save took over.
                } catch {
                    draw(style.red("The runner could not make a report: \(error)"), after: start)
                }
            }

            // Wait for a change that concerns what is watched, looking twenty times a second. A run
            // starts at once: should more saves follow (an editor saving several files), each
            // cancels the run before it and starts a new one.
            var touched: Set<String> = []
            while touched.isEmpty {
                try? await Task.sleep(for: .milliseconds(50))
                let now = fingerprint(of: workbook)
                guard now != seen else { continue }
                touched = Set(now.keys).union(seen.keys).filter { now[$0] != seen[$0] }
                seen = now
                if let detail, let chapter = workbook.chapter(detail) {
                    touched = touched.filter { affects($0, chapter) }
                }
            }
            job.cancel()
            _ = await job.result
            changed = detail == nil ? chapters(touchedBy: touched, in: workbook) : nil
        }
    }

    /// The first lines of `text` that fill `rows` rows of a window `columns` wide (a long line
    /// takes several), and a last line that says how much is left out and where to read it.
    static func fit(_ text: String, rows: Int, columns: Int, rest: String, style: Style) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func height(_ line: Substring) -> Int {
            max(1, (Style.visibleLength(line) + max(1, columns) - 1) / max(1, columns))
        }
        guard lines.map(height).reduce(0, +) > rows else { return text }
        var kept: [Substring] = []
        var used = 0
        for line in lines {
            guard used + height(line) <= max(1, rows - 1) else { break }
            kept.append(line)
            used += height(line)
        }
        let left = lines.count - kept.count
        return
            (kept + [
                Substring(
                    style.dim(
                        "… \(left) more \(left == 1 ? "line" : "lines") below the window: \(rest), or a taller window"))
            ]).joined(separator: "\n")
    }

    /// Whether a change to `path` can change `chapter`'s results.
    static func affects(_ path: String, _ chapter: Chapter) -> Bool {
        [chapter.starterFolder, chapter.testsFolder, "Tests/WorkbookSupport"].contains { path.hasPrefix($0 + "/") }
            || !path.hasPrefix("Chapters/") && !path.hasPrefix("Tests/Chapter")
    }

    /// The chapters whose files are among `paths`; `nil` when a path belongs to no chapter (the
    /// shared test helpers), which concerns them all.
    static func chapters(touchedBy paths: Set<String>, in workbook: Workbook) -> Set<Int>? {
        var numbers: Set<Int> = []
        for path in paths {
            guard let chapter = workbook.chapter(owning: workbook.root.appendingPathComponent(path).path) else {
                return nil
            }
            numbers.insert(chapter.number)
        }
        return numbers
    }

    /// Path and content of every file the learner may edit: content, because a rewrite can keep
    /// both size and time. (Hashed with the standard library's hasher: fast, and only compared
    /// within this process.)
    static func fingerprint(of workbook: Workbook) -> [String: Int] {
        FileTree.files(in: ["Chapters", "Tests"], of: workbook)
            .compactMapValues { path in
                FileManager.default.contents(atPath: path).map { data in
                    var hasher = Hasher()
                    data.withUnsafeBytes { hasher.combine(bytes: $0) }
                    return hasher.finalize()
                }
            }
    }
}
