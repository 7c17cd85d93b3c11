import Foundation
import WorkbookCore

/// `./Scripts/progress --watch [N]`: report again whenever a file under Chapters/ or Tests/ changes.
///
/// With N, each save runs chapter N alone (`progress N`). Without, a save runs the chapters whose
/// files changed first and redraws the overview with them, then the rest. A save while a run is
/// going stops that run (its processes are killed) and starts a new one.
enum WatchCommand {
    static func main(runner: ProgressRunner, detail: Int?, style: Style, statusLine: StatusLine) async -> Int32 {
        let workbook = runner.workbook
        let terminal = isatty(STDOUT_FILENO) == 1
        let clear = terminal ? "\u{1B}[2J\u{1B}[H" : "\n" + String(repeating: "─", count: 60) + "\n"
        let footer = "Watching Chapters/ and Tests/; save a file to run again, Ctrl-C to stop."
        @Sendable func draw(_ text: String, after start: ContinuousClock.Instant) {
            statusLine.clear()
            let time = Date().formatted(date: .omitted, time: .standard)
            printNow(clear + text)
            printNow(style.dim("\nUpdated at \(time) in \((ContinuousClock.now - start).readable). \(footer)"))
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
                            draw(ReportText.detail(chapter, style: style), after: start)
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
