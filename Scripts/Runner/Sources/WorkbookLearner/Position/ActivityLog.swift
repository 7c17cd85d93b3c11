import Foundation
import WorkbookCore

/// The runner's record of that activity, kept on the learner's machine in
/// `.workbook/activity.json` (ignored by git), and copied into `./Scripts/progress --json`.
///
/// The record never stops the runner: a file that cannot be read is set aside as
/// `activity.damaged.json` and a new one begun; a file that cannot be written is left as it was.
/// Writes are atomic (a new file renamed over the old), so the record is never half-written. Two
/// runs at the very same moment may lose one count; nothing worse.
public struct ActivityLog: Sendable {
    /// The record's own format, apart from the progress file's.
    public static let format = "singletons-workbook-activity/1"

    public let file: URL

    public init(file: URL) {
        self.file = file
    }

    /// The record of the workbook at `workbook.root`: `.workbook/activity.json`.
    public init(workbook: Workbook) {
        self.init(file: workbook.root.appendingPathComponent(".workbook/activity.json"))
    }

    struct Stored: Codable {
        var format = ActivityLog.format
        /// By chapter number, as text (JSON's keys are strings).
        var chapters: [String: Entry] = [:]
    }

    struct Entry: Codable {
        var activity = ChapterActivity()
        /// The result the last run found ("4/11 in progress"), to tell when it changes.
        var lastResult: String?
    }

    /// Every chapter's activity so far.
    public func load() -> [Int: ChapterActivity] {
        var chapters: [Int: ChapterActivity] = [:]
        for (key, entry) in read().chapters {
            if let number = Int(key) { chapters[number] = entry.activity }
        }
        return chapters
    }

    /// Counts a progress run, and returns `report` with each chapter's activity in it.
    ///
    /// The run counts for the chapter to work on (`report.current`), for `selected` (the chapter
    /// the learner named), and for every chapter whose result changed since the last run (unless
    /// the workbook as a whole did not build).
    @discardableResult
    /// With `counting` false (a hand-in, `--json`), the report gets the activity as it stands and
    /// nothing is counted: collecting the class's files is not a student's work.
    public func recordRun(_ report: Report, selected: Int? = nil, at now: Date = Date(), counting: Bool = true)
        -> Report
    {
        var stored = read()
        var report = report
        for index in report.chapters.indices {
            let chapter = report.chapters[index]
            let key = String(chapter.number)
            var entry = stored.chapters[key] ?? Entry()
            let result = "\(chapter.passed)/\(chapter.total.map(String.init) ?? "?") \(chapter.state.rawValue)"
            // A workbook that does not build at all changes every chapter's result at once: that
            // is no work on each of them.
            let changed = report.buildProblems.isEmpty && (entry.lastResult.map { $0 != result } ?? false)
            guard counting else {
                report.chapters[index].activity = entry.activity
                continue
            }
            if chapter.number == report.current?.number || chapter.number == selected || changed {
                entry.activity.runs += 1
                entry.activity.lastActivity = now
            }
            if chapter.state == .done && entry.activity.firstDone == nil {
                entry.activity.firstDone = now
            }
            entry.lastResult = result
            stored.chapters[key] = entry
            report.chapters[index].activity = entry.activity
        }
        if counting { write(stored) }
        return report
    }

    /// Counts one showing of a chapter's hints.
    public func recordHint(chapter: Int, at now: Date = Date()) {
        var stored = read()
        let key = String(chapter)
        var entry = stored.chapters[key] ?? Entry()
        entry.activity.hintsShown += 1
        entry.activity.lastActivity = now
        stored.chapters[key] = entry
        write(stored)
    }

    // MARK: - The file

    /// The record, or a new one when there is none or it cannot be read (the damaged file is
    /// kept beside it, once).
    func read() -> Stored {
        guard let data = FileManager.default.contents(atPath: file.path) else { return Stored() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        if let stored = try? decoder.decode(Stored.self, from: data), stored.format == Self.format {
            return stored
        }
        let damaged = file.deletingLastPathComponent().appendingPathComponent("activity.damaged.json")
        try? FileManager.default.removeItem(at: damaged)
        try? FileManager.default.moveItem(at: file, to: damaged)
        return Stored()
    }

    func write(_ stored: Stored) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(stored) else { return }
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }
}
