import Foundation

/// `./Scripts/progress --hint N [STEP [K]]`: a chapter's hints, one at a time.
enum HintCommand {
    static func main(chapter: Chapter, step: Int?, index: Int?, workbook: Workbook, style: Style) -> Int32 {
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
        }
        // On a terminal, offer the next hint after each one; otherwise show one and say how to get the next.
        let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        while true {
            let hint = all[position]
            print(style.bold("Chapter \(chapter.number) · \(chapter.title) · step \(hint.step), hint \(hint.index)"))
            print("  " + hint.question)
            let next = position + 1 < all.count ? all[position + 1] : nil
            guard let next else {
                print(
                    style.dim(
                        "  That was the last hint. The walk-through of the solution is in \(chapter.solutionFolder)/SOLUTION.md."
                    ))
                return 0
            }
            guard interactive else {
                print(style.dim("  Next hint: ./Scripts/progress --hint \(chapter.number) \(next.step) \(next.index)"))
                return 0
            }
            printNow(style.dim("  Press Return for the next hint, or q and Return to stop. "), terminator: "")
            guard let answer = readLine(), answer.trimmingCharacters(in: .whitespaces).lowercased() != "q" else {
                return 0
            }
            print("")
            position += 1
        }
    }
}

/// `./Scripts/progress --reset N`: the chapter back as committed, after a backup of the learner's files.
enum ResetCommand {
    static func main(chapter: Chapter, confirmed: Bool, workbook: Workbook) async -> Int32 {
        let folder = chapter.starterFolder
        func git(_ arguments: [String]) async -> CommandResult? {
            try? await Command(["git", "-C", workbook.root.path] + arguments, in: workbook.root).run()
        }
        guard let status = await git(["status", "--porcelain", "--", folder]), status.succeeded else {
            printError("Reset needs the workbook's git history, and this folder is not a git checkout.")
            return 1
        }
        if status.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            print("Chapter \(chapter.number) is already as committed: nothing to reset.")
            return 0
        }
        let stamp = ISO8601DateFormatter.string(
            from: Date(), timeZone: .current, formatOptions: [.withFullDate, .withTime])
        let backup = workbook.root.appendingPathComponent(".workbook/backups/\(chapter.folder)-\(stamp)")
        if !confirmed {
            guard isatty(STDIN_FILENO) == 1 else {
                printError(
                    "Resetting replaces your files in \(folder) with the committed starter. "
                        + "Run again with --yes to do it (your files are copied to .workbook/backups/ first).")
                return 1
            }
            print("Reset chapter \(chapter.number)? Your files in \(folder) are copied to")
            print("  \(workbook.relativePath(backup.path))")
            printNow("first, then replaced with the starter as committed. [y/N] ", terminator: "")
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                print("Nothing was changed.")
                return 1
            }
        }

        let source = workbook.root.appendingPathComponent(folder)
        do {
            try FileManager.default.createDirectory(
                at: backup.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: backup)
        } catch {
            printError("Could not copy your files to \(backup.path), so nothing was changed: \(error)")
            return 1
        }
        let restored = await git(["checkout", "HEAD", "--", folder])
        let cleaned = await git(["clean", "-f", "-d", "-q", "--", folder])
        guard restored?.succeeded == true, cleaned?.succeeded == true else {
            printError(
                "Could not restore \(folder) from git: \(restored?.output ?? "") \(cleaned?.output ?? "")\n"
                    + "Your files are safe in \(backup.path).")
            return 1
        }
        print("Chapter \(chapter.number) is back as committed.")
        print("Your files were copied to \(workbook.relativePath(backup.path))")
        return 0
    }
}

/// `./Scripts/progress --watch`: report again whenever a file under Chapters/ or Tests/ changes.
enum WatchCommand {
    static func main(runner: ProgressRunner, detail: Int?, style: Style) async -> Int32 {
        let workbook = runner.workbook
        let clear = isatty(STDOUT_FILENO) == 1 ? "\u{1B}[2J\u{1B}[H" : "\n" + String(repeating: "─", count: 60) + "\n"
        var seen = fingerprint(of: workbook)
        while true {
            let clock = ContinuousClock()
            let start = clock.now
            let text: String
            do {
                let report = try await runner.report()
                if let detail, let chapter = report.chapters.first(where: { $0.number == detail }) {
                    text = ReportText.detail(chapter, style: style)
                } else {
                    text = ReportText.overview(report, style: style)
                }
            } catch {
                text = style.red("The runner could not make a report: \(error)")
            }
            let time = Date().formatted(date: .omitted, time: .standard)
            printNow(clear + text)
            printNow(
                style.dim(
                    "\nUpdated at \(time) in \((clock.now - start).readable). "
                        + "Watching Chapters/ and Tests/; save a file to run again, Ctrl-C to stop."))

            // Wait for a change, then for the saves to settle, so a burst of saves makes one run.
            while true {
                try? await Task.sleep(for: .milliseconds(250))
                let now = fingerprint(of: workbook)
                guard now != seen else { continue }
                var settled = now
                repeat {
                    seen = settled
                    try? await Task.sleep(for: .milliseconds(400))
                    settled = fingerprint(of: workbook)
                } while settled != seen
                break
            }
        }
    }

    /// Path, size, time and content of every file the learner may edit: content too, because a
    /// rewrite can keep both size and time.
    static func fingerprint(of workbook: Workbook) -> [String: UInt64] {
        SourceGuard.files(in: ["Chapters", "Tests"], of: workbook) { _ in true }
            .compactMapValues { FileManager.default.contents(atPath: $0).map(SourceGuard.hash) }
    }
}
