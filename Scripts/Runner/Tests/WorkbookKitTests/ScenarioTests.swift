import Foundation
import Testing

@testable import WorkbookKit

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
        let report = try await sandbox.report()
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

        let text = try await sandbox.progress([])
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
        for chapter in report.chapters.dropFirst() {
            #expect(chapter.state == .notStarted)
        }
        #expect(report.passed == first.passed)
        if report.chapters.count > 1 {
            #expect(try await sandbox.progress([]).output.contains("Next: Chapter 2 · "))
        }
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

    @Test("One chapter hangs: it times out, names the test, and the others are tested")
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
        for other in report.chapters.dropFirst() { #expect(other.state == .notStarted) }
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
        } catch {
            watching.cancel()
            _ = try? await watching.value
            throw error
        }
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
        _ = try await Mirror(of: original, at: root).sync()
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

    /// The learner's files and the tests back as committed.
    func restore() async throws {
        try await git(["checkout", "-q", "HEAD", "--", "Chapters", "Tests"])
        try await git(["clean", "-q", "-f", "-d", "--", "Chapters", "Tests"])
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

    private func swiftFiles(in folder: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
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
