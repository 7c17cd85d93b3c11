import Foundation
import WorkbookCore

/// `./Scripts/progress --check N`: a one-line verdict and an exit status, for autograding.
enum CheckCommand {
    static func main(chapter: Chapter, runner: ProgressRunner, statusLine: StatusLine) async -> Int32 {
        let report: Report
        do {
            report = try await runner.report(only: [chapter.number])
        } catch {
            statusLine.clear()
            print(
                "Chapter \(chapter.number) · \(chapter.title): not checked: the runner could not make a report: \(error)"
            )
            return 1
        }
        statusLine.clear()
        guard let result = report.chapters.first else { return 1 }
        let (done, text) = verdict(result)
        print(text + (report.world == .app ? " (App world.)" : ""))
        return done ? 0 : 1
    }

    /// Done, or not and why, in one line.
    static func verdict(_ chapter: ChapterReport) -> (done: Bool, text: String) {
        let name = "Chapter \(chapter.number) · \(chapter.title)"
        let count = "\(chapter.passed)/\(chapter.total.map(String.init) ?? "?") tests pass"
        if let changed = chapter.changedTests, !changed.isEmpty {
            return (
                false,
                "\(name): not done: its test files differ from the workbook's originals "
                    + "(\(changed.map(\.summary).joined(separator: ", ")))."
            )
        }
        switch chapter.state {
        case .done:
            switch chapter.raceCheck?.verdict {
            case .clean: return (true, "\(name): done. \(count), and Thread Sanitizer saw no data race.")
            case .notChecked:
                return (
                    false,
                    "\(name): not done: \(count), but the race check could not run: \(chapter.raceCheck?.note ?? "")."
                )
            default: return (false, "\(name): not done: \(count), but the race check did not run.")
            }
        case .dataRace:
            let place = chapter.raceCheck?.races.first?.summary ?? "see ./Scripts/progress \(chapter.number)"
            return (false, "\(name): not done: \(count), but Thread Sanitizer saw a data race: \(place).")
        case .doesNotCompile:
            let first = chapter.compileErrors.first?.summary ?? "see ./Scripts/progress \(chapter.number)"
            return (false, "\(name): not done: the chapter does not compile: \(first)")
        case .crashed, .timedOut:
            let crash = chapter.crash.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
            return (false, "\(name): not done: \(count); \(crash ?? "the tests \(chapter.state.rawValue)").")
        case .testsChanged:
            return (false, "\(name): not done: \(count), but its test files differ from the workbook's originals.")
        case .inProgress, .notStarted:
            if chapter.raceCheck?.verdict == .testsFail {
                return (false, "\(name): not done: \(count), but not all of them under Thread Sanitizer.")
            }
            let next = chapter.nextTest.map { test in
                "; next: “\(test.name)”" + (test.file.map { " (\($0)\(test.line.map { ":\($0)" } ?? ""))" } ?? "")
            }
            return (false, "\(name): not done: \(count)\(next ?? "").")
        }
    }
}
