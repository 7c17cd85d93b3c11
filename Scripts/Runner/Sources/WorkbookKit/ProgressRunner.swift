import Foundation

/// Builds the learner's workbook and runs every chapter's tests, each chapter in a process of
/// its own, so that a chapter that does not compile, crashes or hangs costs only that chapter.
public struct ProgressRunner: Sendable {
    public var tools: PackageTools
    /// How long one chapter's tests may run.
    public var timeLimit: Duration = .seconds(30)
    /// How many test processes run at once.
    public var jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Told what is happening, for a status line.
    public var status: @Sendable (String) -> Void = { _ in }

    public var workbook: Workbook { tools.workbook }

    public init(tools: PackageTools) {
        self.tools = tools
    }

    /// Builds, runs and reports.
    public func report() async throws -> Report {
        async let toolchain = tools.toolchainVersion()
        let invalidated = SourceGuard(workbook: workbook, scratchFolder: tools.scratchFolder).prepareBuild()
        if !invalidated.isEmpty {
            status("Rebuilding \(invalidated.joined(separator: ", ")) in full: a change kept its size and time…")
        }
        let build = try await buildAroundBrokenChapters()
        let testable = workbook.chapters.filter { build.broken[$0.number] == nil }
        let lastReport = lastKnownReport()

        var reports: [Int: ChapterReport] = [:]
        for chapter in workbook.chapters {
            if let errors = build.broken[chapter.number] {
                let total = lastReport?.chapters.first { $0.number == chapter.number }?.total
                reports[chapter.number] = ChapterReport(
                    chapter: chapter, state: .doesNotCompile, tests: [], total: total, compileErrors: errors)
            }
        }
        if build.problems.isEmpty {
            let included = build.broken.isEmpty ? nil : Set(testable.map(\.number))
            for report in try await run(testable, included: included) {
                reports[report.number] = report
            }
        } else {
            for chapter in testable {
                let total = lastReport?.chapters.first { $0.number == chapter.number }?.total
                reports[chapter.number] = ChapterReport(
                    chapter: chapter, state: .doesNotCompile, tests: [], total: total)
            }
        }
        let report = Report(
            chapters: workbook.chapters.compactMap { reports[$0.number] }, toolchain: await toolchain,
            buildProblems: build.problems)
        remember(report, last: lastReport)
        return report
    }

    // MARK: - Building

    struct BuildOutcome {
        /// Chapters that do not compile, with their errors.
        var broken: [Int: [CompilerError]] = [:]
        /// Problems that are no single chapter's (the manifest, shared code): nothing can be tested.
        var problems: [String] = []
    }

    /// Builds all chapters; when some do not compile, builds again without them, so the others
    /// can still be tested.
    func buildAroundBrokenChapters() async throws -> BuildOutcome {
        var outcome = BuildOutcome()
        let all = Set(workbook.chapters.map(\.number))
        while true {
            let selection = all.subtracting(outcome.broken.keys)
            status(
                outcome.broken.isEmpty
                    ? "Building the workbook…"
                    : "Building again without chapter \(outcome.broken.keys.sorted().map(String.init).joined(separator: ", "))…"
            )
            // With nothing excluded, build exactly what `swift test` builds, so each reuses the other's work.
            let result = try await tools.build(chapters: outcome.broken.isEmpty ? nil : selection)
            if result.succeeded { return outcome }

            let errors = Diagnostics.errors(in: result.output, relativeTo: workbook)
            var byChapter: [Int: [CompilerError]] = [:]
            var unowned: [CompilerError] = []
            for error in errors {
                if let chapter = workbook.chapter(owning: workbook.root.appendingPathComponent(error.file).path) {
                    byChapter[chapter.number, default: []].append(error)
                } else {
                    unowned.append(error)
                }
            }
            let newlyBroken = byChapter.filter { selection.contains($0.key) }
            guard unowned.isEmpty, !newlyBroken.isEmpty else {
                // Not one chapter's fault: report what the build said.
                let other = Diagnostics.otherProblems(in: result.output)
                outcome.problems =
                    !unowned.isEmpty
                    ? unowned.map(\.summary)
                    : (other.isEmpty ? Array(result.output.split(separator: "\n").suffix(15).map(String.init)) : other)
                return outcome
            }
            outcome.broken.merge(newlyBroken) { old, _ in old }
            if outcome.broken.count == all.count { return outcome }
        }
    }

    // MARK: - Running

    /// Runs the chapters' tests, up to `jobs` chapters at a time.
    func run(_ chapters: [Chapter], included: Set<Int>?) async throws -> [ChapterReport] {
        try await withThrowingTaskGroup(of: ChapterReport.self) { group in
            var waiting = chapters[...]
            var reports: [ChapterReport] = []
            for _ in 0..<(tools.runsTestsConcurrently ? jobs : 1) {
                guard let chapter = waiting.popFirst() else { break }
                group.addTask { try await self.run(chapter, included: included) }
            }
            while let report = try await group.next() {
                reports.append(report)
                if let chapter = waiting.popFirst() {
                    group.addTask { try await self.run(chapter, included: included) }
                }
            }
            return reports
        }
    }

    /// Runs one chapter's tests. If the process crashes or hangs, finds the test responsible and
    /// runs the tests that did not get their turn again, without it.
    func run(_ chapter: Chapter, included: Set<Int>?) async throws -> ChapterReport {
        status("Testing chapter \(chapter.number)…")
        let folder = try TemporaryFolder(prefix: "workbook-chapter\(chapter.number)")
        defer { folder.remove() }
        let scratch = folder.url

        var catalogue: [TestResult] = []
        var outcomes: [String: TestResult] = [:]
        var crash: String?
        var filter = "^" + NSRegularExpression.escapedPattern(for: chapter.testModule) + "\\."
        for round in 0..<4 {
            let (stream, result) = try await runTests(filter: filter, included: included, in: scratch, round: round)
            if catalogue.isEmpty { catalogue = stream.tests }
            let results = stream.results(ending: result.ending)
            let inFlight = Set(stream.unfinished.map(\.id))
            for test in results where test.state != .notRun && !inFlight.contains(test.id) {
                outcomes[test.id] = test
            }
            if stream.runEnded { break }

            crash = crash ?? crashDescription(result)
            let stuck = results.filter { inFlight.contains($0.id) }
            if result.ending == .timedOut || stuck.count == 1 {
                for test in stuck { outcomes[test.id] = test }
            } else {
                // Several tests were running when the process died: run each alone to learn which.
                for test in try await runAlone(stuck, included: included, in: scratch) {
                    outcomes[test.id] = test
                }
            }
            let remaining = catalogue.filter { outcomes[$0.id] == nil }
            guard !remaining.isEmpty, !stuck.isEmpty else { break }
            filter =
                "^(" + remaining.map { NSRegularExpression.escapedPattern(for: $0.id) }.joined(separator: "|") + ")$"
        }

        let tests = catalogue.map { test in
            outcomes[test.id]
                ?? TestResult(
                    id: test.id, name: test.name, suite: test.suite, file: test.file, line: test.line, state: .notRun,
                    issues: [])
        }
        var state = ChapterReport.state(of: tests)
        if crash != nil, state != .timedOut { state = .crashed }
        return ChapterReport(chapter: chapter, state: state, tests: tests, crash: crash)
    }

    private func runAlone(_ tests: [TestResult], included: Set<Int>?, in folder: URL) async throws -> [TestResult] {
        @Sendable func alone(_ index: Int) async throws -> TestResult? {
            let test = tests[index]
            let (stream, result) = try await runTests(
                filter: test.exactFilter, included: included, in: folder, round: 100 + index)
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

    private func runTests(
        filter: String, included: Set<Int>?, in folder: URL, round: Int
    ) async throws -> (EventStream, CommandResult) {
        let events = folder.appendingPathComponent("events-\(round).jsonl")
        let result = try await tools.test(filter: filter, events: events, chapters: included, timeLimit: timeLimit)
        let text = (try? String(contentsOf: events, encoding: .utf8)) ?? ""
        return (EventStream(text, relativeTo: workbook), result)
    }

    /// "Chapters/Chapter2…/AppSettings.swift:40: Fatal error: …", or how the process ended.
    func crashDescription(_ result: CommandResult) -> String {
        if result.ending == .timedOut {
            return "The tests were stopped after \(timeLimit.readable): something never finishes."
        }
        let fatal = result.output.split(separator: "\n").first {
            $0.contains("Fatal error") || $0.contains("Precondition failed") || $0.contains("Assertion failed")
        }
        guard let fatal else { return "The test process \(result.ending)." }
        return locate(String(fatal.trimmingCharacters(in: .whitespaces)))
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
                case chapter.testModule: chapter.testsFolder
                default: nil
                }
            if let folder { return "\(folder)/\(file)" + message[colon...] }
        }
        return message
    }

    // MARK: - The last report, for the size of chapters that do not compile now

    private var lastReportFile: URL { tools.scratchFolder.appendingPathComponent("workbook-last-report.json") }

    func lastKnownReport() -> Report? {
        (try? Data(contentsOf: lastReportFile)).flatMap { try? Report.decode($0) }
    }

    /// Saves `report`; a chapter with no tests now (it does not compile) keeps its total from `last`.
    func remember(_ report: Report, last: Report?) {
        var merged = report
        if let last {
            for index in merged.chapters.indices where merged.chapters[index].tests.isEmpty {
                if let old = last.chapters.first(where: { $0.number == merged.chapters[index].number }) {
                    merged.chapters[index].total = old.total
                }
            }
        }
        try? FileManager.default.createDirectory(at: tools.scratchFolder, withIntermediateDirectories: true)
        try? merged.json().write(to: lastReportFile, atomically: true, encoding: .utf8)
    }
}
