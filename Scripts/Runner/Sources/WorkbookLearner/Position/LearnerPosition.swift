import Foundation
import WorkbookCore

/// Where the learner is: which chapter they changed last, and the step to start the hints at.
public enum LearnerPosition {
    /// Files written within this long of the workbook's unpacking count as unpacked, not changed:
    /// a clone writes its files over a moment, and some file systems keep times to 2 s.
    static let slack: TimeInterval = 2

    /// When the learner last changed each chapter's starter files (its `.swift` files, TestDoubles
    /// included), for the chapters they changed since the workbook was unpacked.
    ///
    /// "Unpacked" is the oldest modification time of the files a learner does not edit
    /// (`Tests/`, `Solutions/`): a clone writes those after `Chapters/`, and an archive gives every
    /// file the same time, so starter files no newer than that are untouched. A `git pull` that
    /// changes a starter, or a reset, makes that chapter look changed: it is then the one the
    /// report points at until the learner saves another.
    public static func lastChanges(in workbook: Workbook) -> [Int: Date] {
        let reference = FileTree.files(in: ["Tests", "Solutions"], of: workbook).values
        guard let unpacked = reference.compactMap(modificationDate).min() else { return [:] }
        var changes: [Int: Date] = [:]
        for chapter in workbook.chapters {
            let starters = FileTree.files(in: [chapter.starterFolder], of: workbook) { $0.hasSuffix(".swift") }
            if let newest = starters.values.compactMap(modificationDate).max(),
                newest.timeIntervalSince(unpacked) > slack
            {
                changes[chapter.number] = newest
            }
        }
        return changes
    }

    static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// The step `--hint N` starts at, from the last report: the step the learner is on, and a
    /// sentence that says where that comes from. `nil` for the step means the first step.
    public static func hintStart(for chapter: Chapter, lastReport: Report?) -> (step: Int?, reason: String) {
        guard let report = lastReport, let known = report.chapters.first(where: { $0.number == chapter.number })
        else {
            return (
                nil,
                "Chapter \(chapter.number) has not been tested yet, so the hints start at step 1 "
                    + "(./Scripts/progress \(chapter.number) shows where you are)."
            )
        }
        let when = report.generatedAt.formatted(date: .omitted, time: .shortened)
        switch known.state {
        case .doesNotCompile:
            return (
                nil,
                "Chapter \(chapter.number) did not compile in your last report (\(when)), so the hints start at step 1."
            )
        case .done:
            return (nil, "Chapter \(chapter.number) was done in your last report (\(when)); the hints start at step 1.")
        case .dataRace:
            return (
                nil,
                "Every test of chapter \(chapter.number) passed in your last report (\(when)), but a data race "
                    + "was left; the hints start at step 1."
            )
        case .testsChanged:
            return (
                nil,
                "Every test of chapter \(chapter.number) passed in your last report (\(when)), but with changed "
                    + "test files; the hints start at step 1."
            )
        default:
            guard let step = known.step else {
                return (
                    nil,
                    "Your last report (\(when)) names no step of chapter \(chapter.number); the hints start at step 1."
                )
            }
            return (step, "Your last report (\(when)) has you on step \(step) of chapter \(chapter.number).")
        }
    }
}
