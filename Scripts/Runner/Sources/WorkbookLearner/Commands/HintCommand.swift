import Foundation
import WorkbookCore

/// `./Scripts/progress --hint N [STEP [K]]`: a chapter's hints, one at a time.
enum HintCommand {
    static func main(
        chapter: Chapter, step: Int?, index: Int?, workbook: Workbook, style: Style, lastReport: Report?
    ) -> Int32 {
        let file = workbook.root.appendingPathComponent(chapter.hints)
        let hints = Hints(markdown: (try? String(contentsOf: file, encoding: .utf8)) ?? "")
        let all = hints.all
        guard !all.isEmpty else {
            printError("Chapter \(chapter.number) has no hints in \(chapter.hints).")
            return 1
        }
        var position = 0
        if let step {
            guard let first = all.firstIndex(where: { $0.step == step }) else {
                printError(
                    "Chapter \(chapter.number) has no hints for step \(step); steps with hints: "
                        + hints.steps.map { String($0.number) }.joined(separator: ", ") + ".")
                return 2
            }
            position = first + max(0, (index ?? 1) - 1)
            guard position < all.count, all[position].step == step else {
                printError(
                    "Step \(step) of chapter \(chapter.number) has \(hints.steps.first { $0.number == step }?.questions.count ?? 0) hints."
                )
                return 2
            }
        } else {
            // Start at the step the learner is on, as the last report has it.
            let (current, reason) = LearnerPosition.hintStart(for: chapter, lastReport: lastReport)
            print(style.dim(reason))
            if let current {
                // That step, or the next one with hints.
                if let first = all.firstIndex(where: { $0.step >= current }) {
                    position = first
                    if all[first].step != current {
                        print(style.dim("Step \(current) has no hints; here are step \(all[first].step)'s."))
                    }
                }
            }
            print("")
        }
        // On a terminal, offer the next hint after each one; otherwise show one and say how to get the next.
        let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        while true {
            let hint = all[position]
            let count = hints.steps.first { $0.number == hint.step }?.questions.count ?? hint.index
            let code = Hints.hasCode(hint.question) ? ": the code" : ""
            print(
                style.bold(
                    "Chapter \(chapter.number) · \(chapter.title) · step \(hint.step), hint \(hint.index) of \(count)\(code)"
                ))
            for line in Hints.display(hint.question) { print(line) }
            let next = position + 1 < all.count ? all[position + 1] : nil
            guard let next else {
                print(
                    style.dim(
                        "  That was the last hint. The walk-through of the solution is in \(chapter.solutionFolder)/SOLUTION.md."
                    ))
                return 0
            }
            guard interactive else {
                print(style.dim("  Next hint: \(command(chapter: chapter.number, step: next.step, index: next.index))"))
                return 0
            }
            printNow(style.dim("  Press Return for the next hint, or q and Return to stop. "), terminator: "")
            guard let answer = readLine(), answer.trimmingCharacters(in: .whitespaces).lowercased() != "q" else {
                print(
                    style.dim(
                        "  To come back to the next hint: \(command(chapter: chapter.number, step: next.step, index: next.index))"
                    ))
                return 0
            }
            print("")
            position += 1
        }
    }

    /// "./Scripts/progress --hint 5 7 2   (chapter 5, step 7, hint 2)": the command, and what its
    /// three numbers mean.
    static func command(chapter: Int, step: Int, index: Int) -> String {
        "./Scripts/progress --hint \(chapter) \(step) \(index)   (chapter \(chapter), step \(step), hint \(index))"
    }
}
