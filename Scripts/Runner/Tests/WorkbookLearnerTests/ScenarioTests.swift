import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookLearner

/// End-to-end checks of `./Scripts/progress`: a copy of the workbook is put in every state a
/// learner can leave it in, and the report (text and JSON) must tell the truth about each.
///
/// They build a whole copy of the workbook, which takes minutes, so they run only when
/// `WORKBOOK_SCENARIOS=1` (`./Scripts/verify` sets it). All scenarios share one copy, made once,
/// so that each one costs an incremental build; each starts by putting the copy back as it was.
@Suite(
    "Scenarios: the runner in every state a learner can leave the workbook in",
    .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["WORKBOOK_SCENARIOS"] == "1", "set WORKBOOK_SCENARIOS=1"),
    .sandboxed
)
struct ScenarioTests {
    var sandbox: Sandbox {
        get throws { try #require(Sandbox.current, "The scenarios run inside the sandbox trait.") }
    }

    @Test("Untouched: every chapter is counted and not started, and the report says what to do next")
    func untouched() async throws {
        let sandbox = try sandbox
        try await sandbox.restore()
        // A plain run first: it is work on a chapter, and counts. The hand-in after it counts nothing.
        let text = try await sandbox.progress([])
        let counted = ActivityLog(workbook: try Workbook(root: sandbox.root)).load()
        let report = try await sandbox.report()
        #expect(
            ActivityLog(workbook: try Workbook(root: sandbox.root)).load() == counted,
            "A hand-in (--json) counts no activity.")
        #expect(report.chapters.map(\.number) == sandbox.chapters.map(\.number), "Every chapter has a line.")
        for chapter in report.chapters {
            #expect(chapter.state == .notStarted, "Chapter \(chapter.number) of an untouched workbook")
            #expect(chapter.passed == 0)
            #expect((chapter.total ?? 0) > 0 && chapter.total == chapter.tests.count)
            #expect(chapter.tests.allSatisfy { $0.state == .failed && !$0.issues.isEmpty })
        }
        #expect(report.toolchain.contains("Swift version"))
        #expect(report.format == Report.currentFormat)
        #expect(
            report.chapters.allSatisfy { $0.activity != nil } && (report.chapters.first?.activity?.runs ?? 0) >= 1,
            "The runner counts the run, in .workbook/activity.json, and the report carries it.")

        #expect(text.succeeded, "The runner reports with exit status 0 whatever the progress.")
        #expect(text.output.contains("Next: Chapter 1 · "))
        #expect(!text.output.contains("\u{1B}["), "No colour codes when the output is not a terminal.")
    }

    @Test("One chapter solved: it is done, and the others are unchanged")
    func oneChapterSolved() async throws {
        let sandbox = try sandbox
        try await sandbox.restore()
        try sandbox.solve(chapter: 1)
        let report = try await sandbox.report()
        let first = try #require(report.chapters.first)
        #expect(first.state == .done)
        #expect(first.passed == first.total)
        #expect(first.raceCheck?.verdict == .clean, "Done means race-free: \(String(describing: first.raceCheck))")
        #expect(first.changedAt != nil, "The learner changed chapter 1.")
        for chapter in report.chapters.dropFirst() {
            #expect(chapter.state == .notStarted)
        }
        #expect(report.passed == first.passed)
        if report.chapters.count > 1 {
            #expect(try await sandbox.progress([]).output.contains("Next: Chapter 2 · "))
        }
        let again = try await sandbox.report(["1"])
        #expect(again.chapters.map(\.number) == [1], "--json 1 is chapter 1's report alone.")
        #expect(again.chapters.first?.raceCheck?.cached == true, "Unchanged files keep their race check's verdict.")
        let check = try await sandbox.progress(["--check", "1"])
        #expect(check.succeeded, "--check 1 passes for a done chapter: \(check.output)")
        #expect(check.output.split(separator: "\n").count == 1 && check.output.contains("done"))
    }

    @Test("One chapter half solved: it is in progress, with some tests passing")
    func oneChapterHalfSolved() async throws {
        let sandbox = try sandbox
        try await sandbox.restore()
        try sandbox.edit(
            "Chapters/Chapter1-GlobalVsSingleton/MessageBoard.swift",
            replacing: "public static var shared: MessageBoard { MessageBoard() }",
            with: "public static let shared = MessageBoard()")
        let first = try #require(try await sandbox.report().chapters.first)
        #expect(first.state == .inProgress)
        #expect(first.passed > 0 && first.passed < (first.total ?? 0))

        let detail = try await sandbox.progress(["1"])
        #expect(detail.output.contains("✔") && detail.output.contains("✘"), "Every test is listed with its state.")
        let step = try #require(first.step)
        let hint = try await sandbox.progress(["--hint", "1"])
        #expect(hint.output.contains("has you on step \(step) of chapter 1"), "\(hint.output)")
        #expect(
            hint.output.contains("· step \(step), hint 1"), "The hints start at the learner's step:\n\(hint.output)")
        let check = try await sandbox.progress(["--check", "1"])
        #expect(!check.succeeded && check.output.contains("not done"), "--check fails a chapter in progress.")
    }

    @Test("One chapter does not compile: it shows its errors, and every other chapter is still tested")
    func oneChapterDoesNotCompile() async throws {
        let sandbox = try sandbox
        try await sandbox.restore()
        let broken = try #require(sandbox.chapters.last)
        let file = try sandbox.firstStarterFile(of: broken)
        let lines = try sandbox.read(file).split(separator: "\n", omittingEmptySubsequences: false).count
        try sandbox.write(file, try sandbox.read(file) + "\nlet brokenOnPurpose: Int = \"not a number\"\n")

        let report = try await sandbox.report()
        let chapter = try #require(report.chapters.first { $0.number == broken.number })
        #expect(chapter.state == .doesNotCompile)
        let error = try #require(chapter.compileErrors.first)
        #expect(error.file == file)
        #expect(error.line == lines + 1)
        #expect(chapter.total != nil, "The chapter keeps the number of tests from the last run that compiled.")
        for other in report.chapters where other.number != broken.number {
            #expect(!other.tests.isEmpty && other.state == .notStarted, "Chapter \(other.number) was still tested.")
        }
    }

    @Test("One chapter crashes: that chapter says so and names the test, and nothing else is lost")
    func oneChapterCrashes() async throws {
        let sandbox = try sandbox
        try await sandbox.restore()
        try sandbox.write(
            "Tests/Chapter1Tests/9-CrashOnPurpose.swift",
            """
            import Testing

            @Test("Crashes on purpose")
            func crashesOnPurpose() async throws {
                // Let the other tests start first, so several are running when the process dies.
                try await Task.sleep(for: .milliseconds(300))
                let nothing: Int? = nil
                print(nothing!)
            }
            """)
        let report = try await sandbox.report()
        let first = try #require(report.chapters.first)
        #expect(first.state == .crashed)
        #expect(first.crash?.contains("Fatal error") == true, "The crash message is shown: \(first.crash ?? "none")")
        let crashed = first.tests.filter { $0.state == .crashed }
        #expect(crashed.map(\.name) == ["Crashes on purpose"], "Only the test that crashed is blamed.")
        #expect(
            first.tests.filter { $0.name != "Crashes on purpose" }.allSatisfy { $0.state == .failed },
            "Every other test of the chapter still gets its own result.")
        for other in report.chapters.dropFirst() { #expect(other.state == .notStarted) }
        #expect(try await sandbox.progress([]).output.contains("Crashes on purpose"))
    }

    @Test("One chapter hangs: it times out, names the test and says it waits, and the others are tested")
    func oneChapterHangs() async throws {
        let sandbox = try sandbox
        try await sandbox.restore()
        try sandbox.write(
            "Tests/Chapter1Tests/9-HangOnPurpose.swift",
            """
            import Testing

            @Test("Never finishes")
            func neverFinishes() async throws {
                try await Task.sleep(for: .seconds(3600))
            }
            """)
        let report = try await sandbox.report(["--time-limit", "10"])
        let first = try #require(report.chapters.first)
        #expect(first.state == .timedOut)
        #expect(first.tests.filter { $0.state == .timedOut }.map(\.name) == ["Never finishes"])
        #expect(first.tests.filter { $0.name != "Never finishes" }.allSatisfy { $0.state == .failed })
        let crash = try #require(first.crash)
        #expect(
            crash.hasPrefix(
                "Chapter 1 did not finish in 10 s: the test “Never finishes” (Tests/Chapter1Tests/9-HangOnPurpose.swift:3)"
            ))
        #expect(crash.contains("waiting for something that never happens"), "\(crash)")
        #expect(first.hang?.file == nil)
        for other in report.chapters.dropFirst() { #expect(other.state == .notStarted) }
        #expect(try sandbox.testProcesses().isEmpty, "The hung test process is gone.")
    }

    @Test("A hang in the learner's code is named by file, line and function, and the process is gone")
    func hangInLearnersCode() async throws {
        let sandbox = try sandbox
        try await sandbox.restore()
        let chapter = try #require(sandbox.chapters.first)
        try sandbox.write(
            "\(chapter.starterFolder)/SpinOnPurpose.swift",
            """
            public func spinOnPurpose() -> Int {
                var turns = 0
                while turns >= 0 { turns = (turns + 1) % 1_000 }
                return turns
            }
            """)
        try sandbox.write(
            "Tests/Chapter1Tests/9-SpinOnPurpose.swift",
            """
            import Chapter1
            import Testing

            @Test("Spins for ever")
            func spinsForEver() {
                #expect(spinOnPurpose() == 0)
            }
            """)
        let clock = ContinuousClock()
        let start = clock.now
        let result = try await sandbox.progress(["1", "--json", "--time-limit", "10"])
        let elapsed = clock.now - start
        try #require(result.succeeded, "\(result.errors)")
        let first = try #require(try Report.decode(Data(result.output.utf8)).chapters.first)
        #expect(first.state == .timedOut)
        let place = "\(chapter.starterFolder)/SpinOnPurpose.swift:3"
        #expect(first.crash == "Chapter 1 did not finish in 10 s: still running \(place) in spinOnPurpose()")
        #expect(
            first.hang
                == HangLocation(
                    file: "\(chapter.starterFolder)/SpinOnPurpose.swift", line: 3, function: "spinOnPurpose()"))
        #expect(try sandbox.testProcesses().isEmpty, "No test process outlives the runner.")
        // The chapter's time limit covers its reruns: one hang costs it once.
        #expect(elapsed < .seconds(10 + 120), "\(elapsed) for a 10 s limit (the build included)")
    }

    @Test("One chapter at a time: progress N builds and tests chapter N alone, whatever the others do")
    func oneChapterOnly() async throws {
        let sandbox = try sandbox
        try await sandbox.restore()
        let broken = try #require(sandbox.chapters.last)
        try #require(broken.number != 1 && sandbox.chapters.count > 2, "The scenario needs three chapters.")
        let file = try sandbox.firstStarterFile(of: broken)
        try sandbox.write(file, try sandbox.read(file) + "\nlet brokenOnPurpose: Int = \"not a number\"\n")
        let hanging = sandbox.chapters[1]
        try sandbox.write(
            "\(hanging.testsFolder)/9-HangOnPurpose.swift",
            """
            import Testing

            @Test("Never finishes")
            func neverFinishes() async throws {
                try await Task.sleep(for: .seconds(3600))
            }
            """)
        let clock = ContinuousClock()
        let start = clock.now
        let report = try await sandbox.report(["1", "--time-limit", "600"])
        #expect(clock.now - start < .seconds(300), "Chapter \(hanging.number)'s hang did not cost chapter 1 its 600 s.")
        #expect(report.chapters.map(\.number) == [1], "Only chapter 1 is in the report.")
        #expect(
            report.chapters.first?.state == .notStarted, "Chapter \(broken.number)'s compile error did not stop it.")
        let check = try await sandbox.progress(["--check", "1", "--time-limit", "600"])
        #expect(!check.succeeded)
        #expect(
            check.output.split(separator: "\n").count == 1 && check.output.contains("Chapter 1")
                && check.output.contains("not done"))
    }

    @Test("A build folder the runner mends (modules removed, or a plan out of step) builds again, and says so")
    func mendedBuildFolder() async throws {
        let sandbox = try sandbox
        try await sandbox.restore()
        _ = try await sandbox.report(["1"])
        let products = sandbox.root.appendingPathComponent(".build/debug").resolvingSymlinksInPath()
        let modules = ["Chapter1.build", "Chapter1Tests.build"]
        for module in modules {
            try #require(FileManager.default.fileExists(atPath: products.appendingPathComponent(module).path))
        }
        // What the cure for a stale link does: the build folders of the modules the link names go.
        let link = modules.map { "\(products.path)/\($0)/MessageBoard.swift.o: error: undefined reference to 'x'" }
        let removed = StaleBuild.removeStaleObjects(
            in: sandbox.root.appendingPathComponent(".build"), output: link.joined(separator: "\n"))
        #expect(Set(removed) == Set(modules))
        #expect(try await sandbox.report(["1"]).chapters.first?.state == .notStarted, "Chapter 1 built and ran again.")
        // What it did before: the folders went and SwiftPM's plan stayed, so every build stopped at
        // "unable to load output file map". The runner recognises that and has SwiftPM plan again.
        for module in modules { try FileManager.default.removeItem(at: products.appendingPathComponent(module)) }
        let mended = try await sandbox.progress(["1"])
        #expect(mended.output.contains("Chapter 1"), "\(mended.output)")
        #expect(
            (mended.output + mended.errors).contains("plan the build again: that worked"),
            "The runner says what it mended:\n\(mended.errors)\n\(mended.output)")
        #expect(try await sandbox.report(["1"]).chapters.first?.state == .notStarted, "Chapter 1 built and ran again.")
    }

    @Test("Changed tests are flagged in the report and the JSON, and what failing tests print is shown")
    func changedTestsFlagged() async throws {
        let sandbox = try sandbox
        try await sandbox.restore()
        let chapter = try #require(sandbox.chapters.first)
        let tests = try sandbox.swiftFiles(in: sandbox.root.appendingPathComponent(chapter.testsFolder)).sorted()
        let edited = "\(chapter.testsFolder)/\(try #require(tests.first))"
        try sandbox.write(edited, try sandbox.read(edited) + "\n// The learner was here.\n")
        try sandbox.write(
            "\(chapter.testsFolder)/9-PrintsOnPurpose.swift",
            """
            import Testing

            @Test("Prints, then fails")
            func printsThenFails() {
                print("scenario-print: the board has 3 posts")
                #expect(Bool(false), "Fails on purpose.")
            }
            """)
        let report = try await sandbox.report()
        let expected = [
            ChangedTestFile(path: edited, change: .changed),
            ChangedTestFile(path: "\(chapter.testsFolder)/9-PrintsOnPurpose.swift", change: .added),
        ]
        #expect(report.changedTests == expected)
        #expect(report.chapters.first?.changedTests == expected)
        #expect(report.chapters.dropFirst().allSatisfy { $0.changedTests == [] })
        #expect(report.chapters.first?.printed?.contains("scenario-print: the board has 3 posts") == true)
        let overview = try await sandbox.progress([]).output
        #expect(overview.contains("\(edited) (changed)"))
        let detail = try await sandbox.progress(["1"]).output
        #expect(detail.contains("\(edited) (changed)") && detail.contains("9-PrintsOnPurpose.swift (added)"))
        #expect(detail.contains("│ scenario-print: the board has 3 posts"), "\(detail)")
    }

    @Test("A race the tests cannot see: every test passes, Thread Sanitizer names the racing lines, not done")
    func dataRace() async throws {
        let sandbox = try sandbox
        try await sandbox.restore()
        try sandbox.solve(chapter: 1)
        let chapter = try #require(sandbox.chapters.first)
        let board = "\(chapter.starterFolder)/MessageBoard.swift"
        // An unguarded counter, read and written a little apart by every post: the tests never
        // look at it, so they pass; Thread Sanitizer sees the race every time.
        try sandbox.edit(
            board, replacing: "public nonisolated final class MessageBoard: Sendable {",
            with: "public nonisolated final class MessageBoard: @unchecked Sendable {\n    private var postCount = 0")
        try sandbox.edit(
            board, replacing: "public func post(_ text: String) async {",
            with: """
                public func post(_ text: String) async {
                        let seen = postCount
                        for _ in 0..<2000 { _ = seen.description }
                        postCount = seen + 1
                """)
        let racyLine =
            try #require(
                try sandbox.read(board).split(separator: "\n", omittingEmptySubsequences: false)
                    .firstIndex { $0.contains("postCount = seen + 1") }) + 1
        try sandbox.write(
            "\(chapter.testsFolder)/9-ThousandPosts.swift",
            """
            import Chapter1
            import Foundation
            import Testing

            @Test("A thousand posts at once are all kept")
            func thousandPosts() async {
                let board = MessageBoard.shared
                let run = UUID().uuidString
                await withTaskGroup(of: Void.self) { group in
                    for index in 1...1000 { group.addTask { await board.post("post \\(index) of \\(run)") } }
                }
                let kept = Set(await board.messages)
                #expect((1...1000).allSatisfy { kept.contains("post \\($0) of \\(run)") })
            }
            """)
        let report = try await sandbox.report(["1"])
        let first = try #require(report.chapters.first)
        #expect(first.passed == first.total, "Every test passes: the race is invisible to them.")
        #expect(first.state == .dataRace)
        let races = try #require(first.raceCheck?.races)
        #expect(
            races.contains { race in race.accesses.contains { $0.file == board && $0.line == racyLine } },
            "The racing line \(board):\(racyLine) is named: \(races.map(\.summary))")
        #expect(races.allSatisfy { $0.accesses.allSatisfy { $0.function == "MessageBoard.post(_:)" } }, "Demangled.")
        let text = try await sandbox.progress([]).output
        #expect(text.contains("data race") && text.contains("\(board):\(racyLine)"))
        let check = try await sandbox.progress(["--check", "1"])
        #expect(!check.succeeded && check.output.contains("not done"), "\(check.output)")
    }

    @Test("Reset: asks first, keeps a copy of the learner's files, and restores the chapter as committed")
    func reset() async throws {
        let sandbox = try sandbox
        try await sandbox.restore()
        let folder = "Chapters/Chapter1-GlobalVsSingleton"
        let committed = try sandbox.read("\(folder)/MessageBoard.swift")
        try sandbox.solve(chapter: 1)
        try sandbox.write("\(folder)/Notes.swift", "// the learner's own file\n")
        let solved = try sandbox.read("\(folder)/MessageBoard.swift")

        let refused = try await sandbox.progress(["--reset", "1"])
        #expect(!refused.succeeded, "Without a terminal to ask on, reset needs --yes.")
        #expect(try sandbox.read("\(folder)/MessageBoard.swift") == solved, "Nothing changed without --yes.")

        let done = try await sandbox.progress(["--reset", "1", "--yes"])
        #expect(done.succeeded)
        #expect(try sandbox.read("\(folder)/MessageBoard.swift") == committed)
        #expect(
            !FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("\(folder)/Notes.swift").path))
        let backupLine = try #require(done.output.split(separator: "\n").first { $0.contains(".workbook/backups/") })
        let backup = String(backupLine[backupLine.range(of: ".workbook/backups/")!.lowerBound...])
        #expect(try sandbox.read("\(backup)/MessageBoard.swift") == solved, "The backup holds the learner's files.")
        #expect(try sandbox.read("\(backup)/Notes.swift") == "// the learner's own file\n")
        #expect(done.output.contains("./Scripts/progress --restore 1"), "Reset says how to come back.")

        // Two resets within a second each keep their own backup, and restore brings the last back.
        try sandbox.write("\(folder)/Notes.swift", "// second\n")
        let second = try await sandbox.progress(["--reset", "1", "--yes"])
        try sandbox.write("\(folder)/Notes.swift", "// third\n")
        let third = try await sandbox.progress(["--reset", "1", "--yes"])
        #expect(second.succeeded && third.succeeded, "\(second.errors)\(third.errors)")
        let backups = try FileManager.default.contentsOfDirectory(
            atPath: sandbox.root.appendingPathComponent(".workbook/backups").path)
        #expect(backups.count == 3, "Three resets, three backups: \(backups)")

        #expect(!(try await sandbox.progress(["--restore", "1"])).succeeded, "Restore asks first too.")
        let restored = try await sandbox.progress(["--restore", "1", "--yes"])
        #expect(restored.succeeded, "\(restored.errors)")
        #expect(try sandbox.read("\(folder)/Notes.swift") == "// third\n", "The last backup is back.")
        #expect(try sandbox.read("\(folder)/MessageBoard.swift") == committed)
        let undone = try await sandbox.progress(["--restore", "1", "--yes"])
        #expect(undone.succeeded)
        #expect(
            !FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("\(folder)/Notes.swift").path),
            "A second restore brings back what the first replaced.")
    }

    @Test("Watch: a save, even two quick saves of the same size, shows up in a new report")
    func watch() async throws {
        let sandbox = try sandbox
        try await sandbox.restore()
        let log = sandbox.root.appendingPathComponent(".build/watch-scenario.log")
        let watching = Task {
            try await Command(["./Scripts/progress", "--watch"], in: sandbox.root, environment: sandbox.environment)
                .run(log: log)
        }
        func reports() -> [String] {
            // Each report ends with its "Updated at …" line.
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").components(separatedBy: "Updated at").dropLast()
        }
        func waitFor(_ count: Int) async throws {
            let deadline = ContinuousClock.now + .seconds(900)
            while reports().count < count {
                try #require(ContinuousClock.now < deadline, "The watcher did not report in time.")
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        do {
            try await waitFor(1)
            // Two saves of the same size in quick succession: the report must show the second.
            let file = "Chapters/Chapter1-GlobalVsSingleton/MessageBoard.swift"
            let original = try sandbox.read(file)
            let computed = "public static var shared: MessageBoard { MessageBoard() }"
            let stored = "public static let shared = MessageBoard()"
            let padding = String(repeating: " ", count: computed.count - stored.count)
            try #require(original.contains(computed), "\(file) changed: update this scenario.")
            try sandbox.write(file, original.replacingOccurrences(of: computed, with: computed + padding))
            try await Task.sleep(for: .milliseconds(50))
            try sandbox.write(file, original.replacingOccurrences(of: computed, with: stored + padding))
            try await waitFor(2)
            let latest = reports()[1]
            #expect(latest.contains("in progress"), "The new report shows the half-solved chapter 1:\n\(latest)")
            #expect(
                latest.contains("testing the other chapters"), "Chapter 1, which changed, is redrawn first:\n\(latest)")
            try await waitFor(3)
            // Runs under --watch count in the activity a teacher sees, as plain runs do.
            let activity = ActivityLog(workbook: try Workbook(root: sandbox.root)).load()
            #expect((activity[1]?.runs ?? 0) >= 2, "Chapter 1 changed under --watch: \(activity)")
        } catch {
            watching.cancel()
            _ = try? await watching.value
            throw error
        }
        watching.cancel()
        _ = try? await watching.value
    }
}

extension ScenarioTests {
    @Test("Watch one chapter: a save cancels the stale run, whose test process dies, and redraws at once")
    func watchCancels() async throws {
        let sandbox = try sandbox
        try await sandbox.restore()
        let hang = "Tests/Chapter1Tests/9-HangOnPurpose.swift"
        try sandbox.write(
            hang,
            """
            import Testing

            @Test("Never finishes")
            func neverFinishes() async throws {
                try await Task.sleep(for: .seconds(3600))
            }
            """)
        let log = sandbox.root.appendingPathComponent(".build/watch-one-scenario.log")
        let watching = Task {
            try await Command(
                ["./Scripts/progress", "--watch", "1", "--time-limit", "600"], in: sandbox.root,
                environment: sandbox.environment
            ).run(log: log)
        }
        defer { watching.cancel() }
        // Wait for the hung test process.
        let deadline = ContinuousClock.now + .seconds(900)
        var stale: Set<Int32> = []
        while stale.isEmpty {
            try #require(ContinuousClock.now < deadline, "The watcher never started the tests.")
            try await Task.sleep(for: .milliseconds(200))
            stale = try sandbox.testProcesses()
        }
        try await Task.sleep(for: .seconds(1))
        let saved = ContinuousClock.now
        try FileManager.default.removeItem(at: sandbox.root.appendingPathComponent(hang))
        while !((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("Updated at") {
            try #require(
                ContinuousClock.now - saved < .seconds(300), "No report after the save: the stale run held on.")
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(try sandbox.testProcesses().isDisjoint(with: stale), "The stale run's test process was killed.")
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(text.contains("Chapter 1 · ") && !text.contains("Never finishes"), "\(text)")
        watching.cancel()
        _ = try? await watching.value
    }
}

/// The copy of the workbook the scenarios work on.
struct Sandbox: Sendable {
    @TaskLocal static var current: Sandbox?

    let root: URL
    let chapters: [Chapter]

    /// The environment the learner's runner gets: no workbook switches left over from the caller.
    var environment: [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("WORKBOOK") }
    }

    /// Copies the workbook these tests belong to into `folder` and commits it, as a learner's
    /// clone would be.
    static func make(in folder: URL) async throws -> Sandbox {
        let original = workbookRoot
        let root = folder.appendingPathComponent("workbook")
        _ = try await WorkbookCopy(of: original, at: root).sync()
        let sandbox = Sandbox(root: root, chapters: try Workbook(root: root).chapters)
        try await sandbox.git(["init", "-q"])
        try await sandbox.git(["add", "-A"])
        try await sandbox.git(["commit", "-q", "-m", "The workbook as a learner clones it"])
        return sandbox
    }

    func git(_ arguments: [String]) async throws {
        let result = try await Command(
            ["git", "-c", "user.name=Scenario", "-c", "user.email=scenario@example.invalid"] + arguments, in: root
        ).run()
        try #require(result.succeeded, "git \(arguments.joined(separator: " ")): \(result.output)")
    }

    /// The learner's files and the tests back as committed, and as old as a fresh clone's (the
    /// runner takes the chapter changed last for the one in progress).
    func restore() async throws {
        try await git(["checkout", "-q", "HEAD", "--", "Chapters", "Tests"])
        try await git(["clean", "-q", "-f", "-d", "--", "Chapters", "Tests"])
        try? FileManager.default.removeItem(at: root.appendingPathComponent(".workbook"))
        let workbook = try Workbook(root: root)
        let unpacked = FileTree.files(in: ["Tests", "Solutions"], of: workbook).values
            .compactMap(LearnerPosition.modificationDate).min()
        for path in FileTree.files(in: ["Chapters"], of: workbook).values {
            try FileManager.default.setAttributes([.modificationDate: try #require(unpacked)], ofItemAtPath: path)
        }
    }

    /// The process ids of the sandbox's test processes still running (Linux: from /proc; elsewhere
    /// none are seen).
    func testProcesses() throws -> Set<Int32> {
        #if os(Linux)
            let names = try FileManager.default.contentsOfDirectory(atPath: "/proc")
            var found: Set<Int32> = []
            for name in names {
                guard let pid = Int32(name),
                    let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline")
                else { continue }
                // The program is the first of the NUL-separated arguments.
                let program = String(decoding: data.prefix { $0 != 0 }, as: UTF8.self)
                if program.hasPrefix(root.path) && program.hasSuffix(".xctest") { found.insert(pid) }
            }
            return found
        #else
            return []
        #endif
    }

    /// Runs `./Scripts/progress` as a learner would.
    func progress(_ arguments: [String]) async throws -> CommandResult {
        try await Command(
            ["./Scripts/progress"] + arguments, in: root, environment: environment, timeLimit: .seconds(1800)
        ).run(separateErrors: true)
    }

    /// `./Scripts/progress --json`, read back.
    func report(_ arguments: [String] = []) async throws -> Report {
        let result = try await progress(["--json"] + arguments)
        try #require(result.succeeded, "progress --json \(result.ending):\n\(result.errors)\n\(result.output)")
        return try Report.decode(Data(result.output.utf8))
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    func edit(_ path: String, replacing old: String, with new: String) throws {
        let text = try read(path)
        try #require(text.contains(old), "\(path) no longer contains `\(old)`: update this scenario.")
        try write(path, text.replacingOccurrences(of: old, with: new))
    }

    /// Puts the solution's files in place of the chapter's starter, as a learner who finished would.
    func solve(chapter number: Int) throws {
        let chapter = try #require(chapters.first { $0.number == number })
        let fileManager = FileManager.default
        let starter = root.appendingPathComponent(chapter.starterFolder)
        let solution = root.appendingPathComponent(chapter.solutionFolder)
        for path in try swiftFiles(in: starter) { try fileManager.removeItem(at: starter.appendingPathComponent(path)) }
        // The catalogue's cases are other designs and mistakes, not part of the solution.
        for path in try swiftFiles(in: solution) where !path.hasPrefix("Catalogue/") {
            try write("\(chapter.starterFolder)/\(path)", try read("\(chapter.solutionFolder)/\(path)"))
        }
    }

    func firstStarterFile(of chapter: Chapter) throws -> String {
        let files = try swiftFiles(in: root.appendingPathComponent(chapter.starterFolder))
            .filter { !$0.hasPrefix("TestDoubles/") }.sorted()
        return "\(chapter.starterFolder)/\(try #require(files.first))"
    }

    func swiftFiles(in folder: URL) throws -> [String] {
        FileTree.paths(in: folder).filter { $0.hasSuffix(".swift") }
    }
}

/// Makes the sandbox once for the whole suite and removes it afterwards.
struct SandboxTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTemporaryFolder("runner-scenarios") { folder in
            let sandbox = try await Sandbox.make(in: folder)
            try await Sandbox.$current.withValue(sandbox) { try await function() }
        }
    }
}

extension Trait where Self == SandboxTrait {
    /// Runs the suite's tests in one shared copy of the workbook.
    static var sandboxed: Self { SandboxTrait() }
}
