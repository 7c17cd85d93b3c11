import Foundation
import Synchronization
import WorkbookCore

/// What the runner is doing, for a status line: a phase ("Building chapter 3…") and, while a
/// build goes on, how far it got ("[12/40] 8 s").
public struct Status: Sendable, Equatable {
    public var phase: String
    public var detail: String?

    public init(_ phase: String, detail: String? = nil) {
        self.phase = phase
        self.detail = detail
    }
}

/// Builds the learner's workbook and runs chapters' tests, each chapter in a process of its own,
/// so that a chapter that does not compile, crashes or hangs costs only that chapter.
///
/// `report()` builds and tests every chapter; `report(only: [3])` builds and tests chapter 3
/// alone (`WORKBOOK_CHAPTERS=3`), so nothing elsewhere can slow it down or stop it. A chapter
/// whose tests all pass is then checked with Thread Sanitizer (the race check) before it counts as
/// done. Every report is merged into the last one saved in the scratch folder, which `--hint`
/// and the next report read.
public struct ProgressRunner: Sendable {
    public var tools: PackageTools
    /// How long one chapter's tests may run.
    public var timeLimit: Duration = .seconds(30)
    /// How many chapters' test processes run at once. Every chapter at once: most of a test run
    /// is waiting (a process starting, tests sleeping), and eight processes side by side finished
    /// in 7.3 s where two at a time took 12.8 s (after a one-file edit, busy 2-core machine,
    /// medians of two), against 8.2 s for a bare `swift build --build-tests && swift test`.
    public var jobs = 8
    /// Told what is happening, for a status line.
    public var status: @Sendable (Status) -> Void = { _ in }
    /// Whether a chapter whose tests all pass is checked with Thread Sanitizer before it is done.
    public var checksRaces = true
    /// The race check's own build (`.build-tsan`).
    public var raceCheck: RaceCheck
    /// The log of a build of the course that `Scripts/workbook` started while it built the
    /// runner: the runner's own build waits for it (SwiftPM's lock), and shows its progress.
    public var headStartLog: URL?
    /// Told what the learner should know beyond the report (a scratch folder from another place
    /// removed); standard error by default.
    public var notice: @Sendable (String) -> Void = { printError($0) }
    /// Runs one test process in place of the tools (filter, chapters, time limit), for the unit
    /// tests of the reruns after a crash or a hang; `nil` runs the real tests.
    var testProcess: (@Sendable (String, Set<Int>?, Duration) async throws -> TestRun)?

    public var workbook: Workbook { tools.workbook }

    public init(tools: PackageTools) {
        self.tools = tools
        raceCheck = RaceCheck(
            workbook: tools.workbook, mode: tools.mode, world: tools.world, scratchPath: ".build-tsan",
            environment: tools.environment)
    }

    /// Builds, runs and reports: every chapter, or only those in `selection`. Chapters in
    /// `reusing` are built but not tested again; their reports are taken as they are.
    public func report(only selection: Set<Int>? = nil, reusing: [Int: ChapterReport] = [:]) async throws -> Report {
        let chosen = workbook.chapters.filter { selection?.contains($0.number) ?? true }
        // A scratch folder copied from another clone would make every chapter "not compile".
        for (tools, name) in [(tools, ".build"), (raceCheck.tools, ".build-tsan")] {
            if let madeIn = ScratchFolder.claim(tools.scratchFolder, for: workbook.root) {
                notice(ScratchFolder.notice(name, madeIn: madeIn))
            }
        }
        async let toolchain = tools.toolchainVersion()
        async let changedTests = TestHashes.changes(in: workbook)
        async let changedAt = LearnerPosition.lastChanges(in: workbook)
        var guarded = SourceGuard(workbook: workbook, scratchFolder: tools.scratchFolder)
        guarded.folders = [tools.mode == .solutions ? "Solutions" : "Chapters", "Tests"]
        let invalidated = guarded.prepareBuild()
        Trace.mark("sources guarded")
        if !invalidated.isEmpty {
            status(
                Status("Rebuilding \(invalidated.joined(separator: ", ")) in full: a change kept its size and time…"))
        }
        // What the race check's verdicts depend on, read before the build: a save made later must
        // not be credited with a verdict about the code built now.
        let shared = checksRaces ? ChapterRaceCheck.sharedDigest(in: workbook) : ""
        let raceKeys: [Int: String] =
            checksRaces
            ? Dictionary(
                uniqueKeysWithValues: chosen.map {
                    ($0.number, ChapterRaceCheck.key(for: $0, in: workbook, world: tools.world, shared: shared))
                })
            : [:]
        Trace.mark("race check keys")

        let build = try await buildAroundBrokenChapters(chosen, selection: selection)
        Trace.mark("built")
        let testable = chosen.filter { build.broken[$0.number] == nil }
        let lastReport = lastKnownReport()

        var reports: [Int: ChapterReport] = [:]
        for chapter in chosen {
            if let errors = build.broken[chapter.number] {
                reports[chapter.number] = ChapterReport(
                    chapter: chapter, state: .doesNotCompile, tests: [], total: total(of: chapter, last: lastReport),
                    compileErrors: errors)
            }
        }
        if build.problems.isEmpty {
            let included =
                Set(testable.map(\.number)) == Set(chosen.map(\.number)) ? selection : Set(testable.map(\.number))
            let toRun = testable.filter { reusing[$0.number] == nil }
            for report in try await run(toRun, included: included) {
                reports[report.number] = report
            }
            for chapter in testable { if let kept = reusing[chapter.number] { reports[chapter.number] = kept } }
            Trace.mark("tested")
            if checksRaces {
                let passing = toRun.filter { reports[$0.number]?.state == .done }
                for (number, result) in try await checkRaces(passing, keys: raceKeys, toolchain: await toolchain) {
                    reports[number]?.raceCheck = result
                    switch result.verdict {
                    case .clean, .notChecked: break
                    case .races: reports[number]?.state = .dataRace
                    case .testsFail: reports[number]?.state = .inProgress
                    }
                }
            }
        } else {
            for chapter in testable {
                reports[chapter.number] = ChapterReport(
                    chapter: chapter, state: .doesNotCompile, tests: [], total: total(of: chapter, last: lastReport))
            }
        }

        Trace.mark("race check")
        let changes = await changedTests
        let times = await changedAt
        Trace.mark("test hashes and times of change")
        for number in reports.keys {
            reports[number]?.changedAt = times[number]
            if let changes, let chapter = workbook.chapter(number) {
                reports[number]?.note(changedTests: TestHashes.changes(changes, for: chapter))
            }
        }
        var report = Report(
            chapters: chosen.compactMap { reports[$0.number] }, toolchain: await toolchain,
            buildProblems: build.problems, world: tools.world)
        report.changedTests = changes
        try Task.checkCancellation()
        remember(report, last: lastReport)
        Trace.mark("report saved")
        return report
    }

    /// How many tests a chapter that could not be run has: as many as its test files declare
    /// (``DeclaredTests``), so that the total is the workbook's whatever compiles, even before the
    /// chapter ever compiled; the last run's number only when the files cannot be read.
    func total(of chapter: Chapter, last: Report?) -> Int? {
        DeclaredTests.count(for: chapter, in: workbook) ?? last?.chapters.first { $0.number == chapter.number }?.total
    }

    // MARK: - Building

    struct BuildOutcome {
        /// Chapters that do not compile, with their errors.
        var broken: [Int: [CompilerError]] = [:]
        /// Problems that are no single chapter's (the manifest, shared code): nothing can be tested.
        var problems: [String] = []
    }

    /// Builds the chosen chapters; when some do not compile, builds again without them, so the
    /// others can still be tested. `selection` `nil` builds every chapter exactly as a plain
    /// `swift build --build-tests` does, so that each reuses the other's work.
    func buildAroundBrokenChapters(_ chosen: [Chapter], selection: Set<Int>?) async throws -> BuildOutcome {
        var outcome = BuildOutcome()
        var startedAfresh = false
        let all = Set(chosen.map(\.number))
        let what =
            selection == nil
            ? "the workbook"
            : "chapter\(all.count == 1 ? "" : "s") \(all.sorted().map(String.init).joined(separator: ", "))"
        while true {
            let remaining = all.subtracting(outcome.broken.keys)
            let phase =
                outcome.broken.isEmpty
                ? "Building \(what)…"
                : "Building again without chapter \(outcome.broken.keys.sorted().map(String.init).joined(separator: ", "))…"
            let chapters = outcome.broken.isEmpty ? selection : remaining
            let result = try await showingProgress(phase) { log in
                try await tools.build(chapters: chapters, log: log)
            }
            for text in result.notices { notice(text) }
            if result.succeeded { return outcome }
            if ScratchFolder.isFromAnotherFolder(result.output) {
                // Products made in another folder that the mark did not catch: once, start afresh.
                guard startedAfresh else {
                    startedAfresh = true
                    notice(ScratchFolder.notice(".build", madeIn: "another folder"))
                    try? FileManager.default.removeItem(at: tools.scratchFolder)
                    ScratchFolder.claim(tools.scratchFolder, for: workbook.root)
                    continue
                }
                outcome.problems = [
                    "The compiler refuses the products in .build: they were built in another folder. "
                        + "Remove that folder (rm -rf .build) and run ./Scripts/progress again."
                ]
                return outcome
            }

            let summary = BuildSummary(result.output, relativeTo: workbook)
            let errors = summary.errors
            var byChapter: [Int: [CompilerError]] = [:]
            var unowned: [CompilerError] = []
            for error in errors {
                if let chapter = workbook.chapter(owning: workbook.root.appendingPathComponent(error.file).path) {
                    byChapter[chapter.number, default: []].append(error)
                } else {
                    unowned.append(error)
                }
            }
            let newlyBroken = byChapter.filter { remaining.contains($0.key) }
            guard unowned.isEmpty, !newlyBroken.isEmpty else {
                // Not one chapter's fault: report what the build said.
                let other = summary.otherProblems
                outcome.problems =
                    !unowned.isEmpty ? unowned.map(\.summary) : (other.isEmpty ? summary.last(15) : other)
                return outcome
            }
            outcome.broken.merge(newlyBroken) { old, _ in old }
            if outcome.broken.count == all.count { return outcome }
        }
    }

    /// Runs a build (`body` gets the log to write), telling the status line every half second how
    /// far it got and how long it has taken.
    func showingProgress(
        _ phase: String, _ body: @Sendable (URL) async throws -> CommandResult
    ) async throws -> CommandResult {
        let folder = try TemporaryFolder(prefix: "workbook-build")
        defer { folder.remove() }
        let log = folder.url.appendingPathComponent("build.log")
        status(Status(phase))
        let ticker = Task { [status, headStartLog] in
            let clock = ContinuousClock()
            let start = clock.now
            while !Task.isCancelled {
                try await Task.sleep(for: .milliseconds(500))
                let step = Self.buildStep(in: log) ?? headStartLog.flatMap(Self.buildStep(in:))
                let elapsed = Int((clock.now - start) / .seconds(1))
                status(Status(phase, detail: [step, "\(elapsed) s"].compactMap { $0 }.joined(separator: " ")))
            }
        }
        defer { ticker.cancel() }
        return try await body(log)
    }

    /// How far a build got, from the last "[12/40]" SwiftPM wrote to its log: "12 steps done".
    /// Not the total: SwiftPM adds steps as it plans (40 becomes 228), and a total that jumps
    /// reads as a build going backwards.
    static func buildStep(in log: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: log) else { return nil }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > 4096 ? size - 4096 : 0)
        let tail = String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
        for line in tail.split(separator: "\n").reversed() {
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { continue }
            let counts = line[line.index(after: line.startIndex)..<close].split(separator: "/")
            if counts.count == 2, let done = Int(counts[0]), Int(counts[1]) != nil {
                return done == 1 ? "1 step done," : "\(done) steps done,"
            }
        }
        return nil
    }

    // MARK: - Running

    /// Runs the chapters' tests, up to `jobs` chapters at a time. The status line names each
    /// chapter as it finishes, with its result, and the time so far: a first run's tests take a
    /// while, and a line that does not move looks like a runner that hangs.
    func run(_ chapters: [Chapter], included: Set<Int>?) async throws -> [ChapterReport] {
        let phase = Mutex(
            chapters.count == 1
                ? "Testing chapter \(chapters.first?.number ?? 0)…"
                : "Testing chapters \(chapters.map { String($0.number) }.joined(separator: ", "))…")
        let ticker = Task { [status] in
            let start = ContinuousClock.now
            while !Task.isCancelled {
                status(Status(phase.withLock { $0 }, detail: "\(Int((ContinuousClock.now - start) / .seconds(1))) s"))
                try await Task.sleep(for: .milliseconds(500))
            }
        }
        defer { ticker.cancel() }
        return try await withThrowingTaskGroup(of: ChapterReport.self) { group in
            var waiting = chapters[...]
            var reports: [ChapterReport] = []
            var running: [Int] = []
            for _ in 0..<(tools.runsTestsConcurrently ? jobs : 1) {
                guard let chapter = waiting.popFirst() else { break }
                running.append(chapter.number)
                group.addTask { try await self.run(chapter, included: included) }
            }
            while let report = try await group.next() {
                reports.append(report)
                running.removeAll { $0 == report.number }
                if let chapter = waiting.popFirst() {
                    running.append(chapter.number)
                    group.addTask { try await self.run(chapter, included: included) }
                }
                guard chapters.count > 1 else { continue }
                let text = Self.progressLine(
                    finished: report, count: reports.count, of: chapters.count,
                    left: running + waiting.map(\.number))
                phase.withLock { $0 = text }
                status(Status(text))
            }
            return reports
        }
    }

    /// "Tested 3 of 7 chapters; chapter 5: 4/28, in progress; testing 6, 8…"
    static func progressLine(finished report: ChapterReport, count: Int, of total: Int, left: [Int]) -> String {
        // Not "done" yet: the race check and the test files have their say after the run.
        let state = report.state == .done ? "every test passes" : report.state.rawValue
        let result = "chapter \(report.number): \(report.passed)/\(report.total.map(String.init) ?? "?"), \(state)"
        let rest = left.isEmpty ? "" : "; testing \(left.sorted().map(String.init).joined(separator: ", "))…"
        return "Tested \(count) of \(total) chapters; \(result)\(rest)"
    }

    /// Runs one chapter's tests. If the process crashes or hangs, finds the test responsible and
    /// runs the tests that did not get their turn again, without it. A hang is located with a
    /// backtrace of the process taken before it is stopped.
    func run(_ chapter: Chapter, included: Set<Int>?) async throws -> ChapterReport {
        let folder = try TemporaryFolder(prefix: "workbook-chapter\(chapter.number)")
        defer { folder.remove() }
        let scratch = folder.url

        var catalogue: [TestResult] = []
        var outcomes: [String: TestResult] = [:]
        var crash: String?
        var hang: HangLocation?
        var printed: [Substring] = []
        var filter = chapter.testFilter
        // The time limit is the chapter's, reruns after a crash included. After a hang, the tests
        // it starved (never started, or waiting beside it) get a time limit of their own.
        var deadline = ContinuousClock.now + timeLimit
        for round in 0..<4 {
            let left = deadline - ContinuousClock.now
            guard round == 0 || left > .milliseconds(500) else { break }
            let (stream, result) = try await runTests(
                filter: filter, included: included, in: scratch, round: round, timeLimit: left)
            if catalogue.isEmpty { catalogue = stream.tests }
            printed += result.output.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.isEmpty }
            let results = stream.results(ending: result.ending)
            let inFlight = Set(stream.unfinished.map(\.id))
            for test in results where test.state != .notRun && !inFlight.contains(test.id) {
                outcomes[test.id] = test
            }
            if stream.runEnded { break }

            let stuck = results.filter { inFlight.contains($0.id) }
            let backtrace = result.ending == .timedOut ? Backtrace(result.errors, relativeTo: workbook) : nil
            if result.ending == .timedOut, crash == nil {
                let described = HangDescription.describe(
                    chapter: chapter, timeLimit: timeLimit, backtrace: backtrace, stuck: stuck)
                crash = described.summary
                hang = HangLocation(
                    file: described.frame?.file, line: described.frame?.line, function: described.frame?.function)
            }
            crash = crash ?? crashDescription(result, chapter: chapter, tests: catalogue)
            if result.ending == .timedOut {
                // The tests caught running the learner's code are the stuck ones; the others in
                // flight were only starved of threads, and run again. When the backtrace names
                // none (a wait that never ends), every test in flight is stuck.
                let caught = HangDescription.testsRunningLearnersCode(backtrace, chapter: chapter, among: stuck)
                for test in caught.isEmpty ? stuck : caught { outcomes[test.id] = test }
                deadline = ContinuousClock.now + timeLimit
            } else if stuck.count == 1 {
                for test in stuck { outcomes[test.id] = test }
            } else {
                // Several tests were running when the process died: run each alone to learn which.
                for test in try await runAlone(stuck, included: included, in: scratch, deadline: deadline) {
                    outcomes[test.id] = test
                }
            }
            let remaining = catalogue.filter { outcomes[$0.id] == nil }
            guard !remaining.isEmpty, !stuck.isEmpty else { break }
            filter = TestResult.filter(selecting: remaining.map(\.id))
        }

        let tests = catalogue.map { test in
            outcomes[test.id]
                ?? TestResult(
                    id: test.id, name: test.name, suite: test.suite, file: test.file, line: test.line, state: .notRun,
                    issues: [], step: test.step)
        }
        var state = ChapterReport.state(of: tests)
        if crash != nil, state != .timedOut { state = .crashed }
        var report = ChapterReport(chapter: chapter, state: state, tests: tests, crash: crash)
        report.hang = hang
        while printed.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { printed.removeLast() }
        if !printed.isEmpty {
            let kept = printed.suffix(Self.printedLines).map { $0.count > 300 ? $0.prefix(300) + "…" : $0 }
            report.printed =
                (printed.count > kept.count ? "(the last \(kept.count) of \(printed.count) lines)\n" : "")
                + kept.joined(separator: "\n")
        }
        return report
    }

    /// How many lines of the tests' `print()` output a report keeps.
    static let printedLines = 20

    private func runAlone(
        _ tests: [TestResult], included: Set<Int>?, in folder: URL, deadline: ContinuousClock.Instant
    ) async throws -> [TestResult] {
        @Sendable func alone(_ index: Int) async throws -> TestResult? {
            let test = tests[index]
            let left = deadline - ContinuousClock.now
            guard left > .milliseconds(500) else { return nil }
            let (stream, result) = try await runTests(
                filter: test.exactFilter, included: included, in: folder, round: 100 + index, timeLimit: left)
            return stream.results(ending: result.ending).first { $0.id == test.id }
        }
        guard tools.runsTestsConcurrently else {
            var results: [TestResult] = []
            for index in tests.indices { if let result = try await alone(index) { results.append(result) } }
            return results
        }
        return try await withThrowingTaskGroup(of: TestResult?.self) { group in
            for index in tests.indices { group.addTask { try await alone(index) } }
            var results: [TestResult] = []
            for try await result in group { if let result { results.append(result) } }
            return results
        }
    }

    /// One test process: standard output (what the tests printed) in `output`, standard error
    /// (Swift Testing's own lines, crash messages, a backtrace) in `errors`.
    private func runTests(
        filter: String, included: Set<Int>?, in folder: URL, round: Int, timeLimit: Duration
    ) async throws -> (EventStream, CommandResult) {
        let events = folder.appendingPathComponent("events-\(round).jsonl")
        if let testProcess {
            let run = try await testProcess(filter, included, timeLimit)
            return (run.events, run.process)
        }
        let run = try await tools.runTests(
            filter, chapters: included, timeLimit: timeLimit, events: events,
            whenTimeIsUp: .backtrace(grace: .seconds(5)), separateErrors: true)
        return (run.events, run.process)
    }

    /// "Fatal error: Index out of range, at Chapters/…/MessageBoard.swift:24 in …, while “…” was
    /// running (…)", or how the process ended, with the learner's line and the test when the
    /// runtime's backtrace names them (``CrashDescription``).
    func crashDescription(_ result: CommandResult, chapter: Chapter, tests: [TestResult]) -> String {
        if result.ending == .timedOut {
            return "The tests were stopped after \(timeLimit.readable): something never finishes."
        }
        let fatal = (result.errors + "\n" + result.output).split(separator: "\n").first {
            $0.contains("Fatal error") || $0.contains("Precondition failed") || $0.contains("Assertion failed")
        }
        return CrashDescription.describe(
            chapter: chapter, message: fatal.map { locate(String($0.trimmingCharacters(in: .whitespaces))) },
            ending: result.ending, backtrace: Backtrace(result.errors, relativeTo: workbook), tests: tests
        ).summary
    }

    /// Turns the module-relative file in a crash message (`Chapter2/AppSettings.swift:40`) into
    /// the learner's path (`Chapters/Chapter2-SingletonPlus/AppSettings.swift:40`).
    func locate(_ message: String) -> String {
        guard let colon = message.firstIndex(of: ":") else { return message }
        let fileID = message[..<colon]
        let parts = fileID.split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return message }
        let module = String(parts[0])
        let file = String(parts[1])
        for chapter in workbook.chapters {
            let folder: String? =
                switch module {
                case "Chapter\(chapter.number)": chapter.starterFolder
                case "Chapter\(chapter.number)Solution": chapter.solutionFolder
                // The test code the learner writes is a module of its own (`Chapter8TestDoubles`).
                case "Chapter\(chapter.number)TestDoubles": chapter.starterFolder + "/TestDoubles"
                case chapter.testModule: chapter.testsFolder
                default: nil
                }
            if let folder { return "\(folder)/\(file)" + message[colon...] }
        }
        return message
    }

    // MARK: - The race check

    /// Checks the chapters whose tests all pass with Thread Sanitizer, or takes the verdict
    /// remembered for their files as they are.
    func checkRaces(_ chapters: [Chapter], keys: [Int: String], toolchain: String) async throws -> [Int:
        RaceCheckResult]
    {
        var sanitizedLimit = timeLimit * 4
        if sanitizedLimit < .seconds(60) { sanitizedLimit = .seconds(60) }
        let check = ChapterRaceCheck(check: raceCheck, timeLimit: sanitizedLimit, toolchain: toolchain)
        var results: [Int: RaceCheckResult] = [:]
        var unchecked: [Chapter] = []
        for chapter in chapters {
            if let key = keys[chapter.number], let cached = check.cached(chapter, key: key) {
                results[chapter.number] = cached
            } else {
                unchecked.append(chapter)
            }
        }
        guard !unchecked.isEmpty else { return results }
        let names = unchecked.map { "Chapter \($0.number)" }.joined(separator: ", ")
        let phase = "\(names): all tests pass; checking for data races (Thread Sanitizer)…"
        let checked = try await check.run(unchecked, keys: keys) { numbers in
            let build = try await showingProgress(phase) { log in
                try await raceCheck.tools.build(chapters: numbers, log: log)
            }
            for text in build.notices { notice(text) }
            return build
        }
        return results.merging(checked) { $1 }
    }

    // MARK: - The last report: sizes of chapters that do not compile now, the step for --hint

    private var lastReportFile: URL { Self.lastReportFile(in: tools.scratchFolder) }

    static func lastReportFile(in scratchFolder: URL) -> URL {
        scratchFolder.appendingPathComponent("workbook-last-report.json")
    }

    func lastKnownReport() -> Report? {
        Self.lastKnownReport(in: tools.scratchFolder, world: tools.world)
    }

    /// The report the runner saved last, every chapter at its latest known state, if it was made
    /// in `world`: a chapter's state in one world says nothing of the other.
    public static func lastKnownReport(in scratchFolder: URL, world: WorkbookWorld) -> Report? {
        let report = (try? Data(contentsOf: lastReportFile(in: scratchFolder))).flatMap { try? Report.decode($0) }
        return (report?.world ?? .library) == world ? report : nil
    }

    /// Saves `report` merged into `last`: chapters it does not cover keep their last known state,
    /// and a chapter with no tests now and no number of its own keeps its last known total.
    func remember(_ report: Report, last: Report?) {
        var chapters = report.chapters
        if let last {
            for index in chapters.indices where chapters[index].tests.isEmpty && chapters[index].total == nil {
                if let old = last.chapters.first(where: { $0.number == chapters[index].number }) {
                    chapters[index].total = old.total
                }
            }
            let covered = Set(chapters.map(\.number))
            chapters += last.chapters.filter { !covered.contains($0.number) && workbook.chapter($0.number) != nil }
            chapters.sort { $0.number < $1.number }
        }
        var merged = Report(
            chapters: chapters, toolchain: report.toolchain, buildProblems: report.buildProblems,
            world: report.world ?? .library, generatedAt: report.generatedAt)
        merged.changedTests = report.changedTests
        try? FileManager.default.createDirectory(at: tools.scratchFolder, withIntermediateDirectories: true)
        try? merged.json().write(to: lastReportFile, atomically: true, encoding: .utf8)
        // Each chapter as it was when it last compiled, so that a report of a chapter that does
        // not compile now can still show the steps that passed then.
        var compiled = Self.lastCompiled(in: tools.scratchFolder)
        for chapter in report.chapters where chapter.state != .doesNotCompile && !chapter.tests.isEmpty {
            compiled[String(chapter.number)] = chapter
        }
        if let data = try? JSONEncoder().encode(compiled) {
            try? data.write(to: tools.scratchFolder.appendingPathComponent("workbook-last-compiled.json"))
        }
    }

    /// Each chapter's report from the last run in which it compiled, by number.
    static func lastCompiled(in scratchFolder: URL) -> [String: ChapterReport] {
        let file = scratchFolder.appendingPathComponent("workbook-last-compiled.json")
        return (try? Data(contentsOf: file)).flatMap {
            try? JSONDecoder().decode([String: ChapterReport].self, from: $0)
        }
            ?? [:]
    }

    /// For a chapter that does not compile, its report from the last run in which it did.
    func lastCompiled(ifBroken chapter: ChapterReport) -> ChapterReport? {
        guard chapter.state == .doesNotCompile else { return nil }
        return Self.lastCompiled(in: tools.scratchFolder)[String(chapter.number)]
    }
}
