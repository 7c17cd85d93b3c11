import Foundation

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

/// The copies of a chapter's files that reset and restore make first, in `.workbook/backups/`.
enum Backups {
    static let folder = ".workbook/backups"

    /// A copy of the chapter's starter folder as it is now, in a folder no other backup has:
    /// `<chapter folder>-<yyyyMMdd-HHmmss-SSS>`, with `-2`, `-3`… when that is taken (two
    /// backups within a millisecond, or two runners at once).
    static func make(of chapter: Chapter, in workbook: Workbook) throws -> URL {
        let fileManager = FileManager.default
        let parent = workbook.root.appendingPathComponent(folder)
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot make the folder \(folder): \(describe(error))")
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss-SSS"
        let base = "\(chapter.folder)-\(formatter.string(from: Date()))"
        let source = workbook.root.appendingPathComponent(chapter.starterFolder)
        for attempt in 1...100 {
            let backup = parent.appendingPathComponent(attempt == 1 ? base : "\(base)-\(attempt)")
            if fileManager.fileExists(atPath: backup.path) { continue }
            do {
                try fileManager.copyItem(at: source, to: backup)
                return backup
            } catch  where fileManager.fileExists(atPath: backup.path) && attempt < 100 {
                continue  // taken meanwhile by another runner
            } catch {
                throw CommandError("cannot copy \(chapter.starterFolder) to \(folder): \(describe(error))")
            }
        }
        throw CommandError("cannot find a free name for a backup of \(chapter.starterFolder) in \(folder)")
    }

    /// The chapter's backups, oldest first.
    static func all(of chapter: Chapter, in workbook: Workbook) -> [URL] {
        let parent = workbook.root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        let prefix = chapter.folder + "-"
        return names.filter { $0.hasPrefix(prefix) }
            .map { name -> (String, Int, String) in
                // "<stamp>" or "<stamp>-<k>": order by the stamp, then by k as a number.
                let stamp = String(name.dropFirst(prefix.count))
                let parts = stamp.split(separator: "-")
                if parts.count == 4, let attempt = Int(parts[3]) {
                    return (parts.prefix(3).joined(separator: "-"), attempt, name)
                }
                return (stamp, 1, name)
            }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
            .map { parent.appendingPathComponent($0.2) }
    }

    /// A Foundation error in a sentence, without its domain and code.
    static func describe(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        let code = underlying.map { Int32($0.code) } ?? 0
        if underlying?.domain == NSPOSIXErrorDomain, let reason = strerror(code) { return String(cString: reason) }
        return (error as NSError).localizedDescription
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
        if !confirmed {
            guard isatty(STDIN_FILENO) == 1 else {
                printError(
                    "Resetting replaces your files in \(folder) with the committed starter. "
                        + "Run again with --yes to do it (your files are copied to \(Backups.folder)/ first).")
                return 1
            }
            print("Reset chapter \(chapter.number)? Your files in \(folder) are copied to \(Backups.folder)/")
            printNow("first, then replaced with the starter as committed. [y/N] ", terminator: "")
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                print("Nothing was changed.")
                return 1
            }
        }

        let backup: URL
        do {
            backup = try Backups.make(of: chapter, in: workbook)
        } catch {
            printError("Nothing was changed: \(error)")
            return 1
        }
        let restored = await git(["checkout", "HEAD", "--", folder])
        let cleaned = await git(["clean", "-f", "-d", "-q", "--", folder])
        guard restored?.succeeded == true, cleaned?.succeeded == true else {
            printError(
                "Could not restore \(folder) from git: \(restored?.output ?? "") \(cleaned?.output ?? "")\n"
                    + "Your files are safe in \(workbook.relativePath(backup.path)).")
            return 1
        }
        print("Chapter \(chapter.number) is back as committed.")
        print("Your files were copied to \(workbook.relativePath(backup.path))")
        print("To bring them back: ./Scripts/progress --restore \(chapter.number)")
        return 0
    }
}

/// `./Scripts/progress --restore N`: the chapter's last backup back in place, after a backup of
/// the files it replaces (so a second restore undoes the first).
enum RestoreCommand {
    static func main(chapter: Chapter, confirmed: Bool, workbook: Workbook) -> Int32 {
        let folder = chapter.starterFolder
        guard let latest = Backups.all(of: chapter, in: workbook).last else {
            printError(
                "Chapter \(chapter.number) has no backup in \(Backups.folder)/: one is made each time "
                    + "--reset or --restore replaces your files.")
            return 1
        }
        let name = workbook.relativePath(latest.path)
        if !confirmed {
            guard isatty(STDIN_FILENO) == 1 else {
                printError(
                    "Restoring replaces your files in \(folder) with the backup \(name). "
                        + "Run again with --yes to do it (your files are copied to \(Backups.folder)/ first).")
                return 1
            }
            print("Restore chapter \(chapter.number) from \(name)?")
            print("Your files in \(folder) are copied to \(Backups.folder)/ first, then replaced with the backup.")
            printNow("[y/N] ", terminator: "")
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                print("Nothing was changed.")
                return 1
            }
        }
        let fileManager = FileManager.default
        let backup: URL
        do {
            backup = try Backups.make(of: chapter, in: workbook)
        } catch {
            printError("Nothing was changed: \(error)")
            return 1
        }
        // Copy beside the chapter first, then swap, so a failed copy leaves the chapter as it was.
        let target = workbook.root.appendingPathComponent(folder)
        let staging = target.deletingLastPathComponent().appendingPathComponent(".restoring-\(UUID().uuidString)")
        do {
            try fileManager.copyItem(at: latest, to: staging)
        } catch {
            try? fileManager.removeItem(at: staging)
            printError("Nothing was changed: cannot copy \(name): \(Backups.describe(error))")
            return 1
        }
        do {
            try fileManager.removeItem(at: target)
            try fileManager.moveItem(at: staging, to: target)
        } catch {
            printError(
                "Could not put \(name) in place of \(folder): \(Backups.describe(error))\n"
                    + "Your files are safe in \(workbook.relativePath(backup.path)), and the backup in \(name).")
            return 1
        }
        print("Chapter \(chapter.number) is back as it was in \(name).")
        print("Your files before the restore were copied to \(workbook.relativePath(backup.path))")
        print("(./Scripts/progress --restore \(chapter.number) again brings those back.)")
        return 0
    }
}

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
                    if let detail {
                        let report = try await runner.report(only: [detail])
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
                        draw(ReportText.overview(try await runner.report(reusing: reused), style: style), after: start)
                    } else {
                        draw(ReportText.overview(try await runner.report(), style: style), after: start)
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
        SourceGuard.files(in: ["Chapters", "Tests"], of: workbook) { _ in true }
            .compactMapValues { path in
                FileManager.default.contents(atPath: path).map { data in
                    var hasher = Hasher()
                    data.withUnsafeBytes { hasher.combine(bytes: $0) }
                    return hasher.finalize()
                }
            }
    }
}
