import Foundation
import WorkbookCore

/// The maintainer's proof that the workbook is sound: every solution passes, every starter fails
/// for the lesson's reason, nothing is flaky, racy, unformatted or copied.
public struct Verifier: Sendable {
    public struct Options: Sendable {
        /// Check only this chapter (everything still builds).
        public var chapter: Int?
        /// How many times the tests run against the solutions and against the starters.
        public var runs = 3
        /// The checks the options leave out (`--skip-tsan`, …): not a full verification.
        public var leftOut: Set<SkipOption> = []
        /// Check only these chapters' catalogues, and nothing else (a maintainer's quick check).
        public var catalogueChapters: [Int]?
        /// With `catalogueChapters`: how many times each case's tests run (`--runs K`); `nil` for
        /// verify's own 2 (5 for a case that depends on timing).
        public var catalogueRuns: Int?
        /// With `catalogueChapters`: check only this case of its catalogue.
        public var catalogueCase: String?
        /// With `catalogueChapters`: the world to check it in (`--app-world`: its other designs only).
        public var catalogueWorld: WorkbookWorld = .library
        /// How many chapters' catalogues are checked at the same time. Two keep a two-core
        /// machine 88% busy; three made the catalogue no faster there (546 s against 516 s).
        public var catalogueJobs = 2
        /// The chapters whose solutions the mutation sweep checks (`--mutants N`, `--mutants all`),
        /// and nothing else; `nil` for a verification.
        public var mutantChapters: [Int]?
        /// With `mutantChapters`: at most this many mutants a chapter, spread evenly (`--limit K`).
        public var mutantLimit: Int?
        /// With `mutantChapters`: write each chapter's `MUTANTS.md` (`--write-ledger`).
        public var writeLedger = false
        /// With `mutantChapters`: list the mutants and build nothing (`--list`).
        public var listMutants = false
        /// Build the starters and solutions and compile the Markdown's code, and nothing else
        /// (`--markdown`: a maintainer's quick check after editing a lesson).
        public var markdownOnly = false
        /// How long one full test run may take.
        public var timeLimit: Duration = .seconds(600)

        public init() {}
    }

    /// One check and how it went.
    public struct Step: Sendable {
        public enum Result: Sendable, Equatable {
            case passed
            case failed
            /// Not run, because an earlier step it needs failed or the options left it out.
            case skipped(String)
            /// Not possible on this machine (a tool is missing): a notice, not a failure.
            case unavailable(String)
        }

        public var title: String
        public var result: Result
        public var details: [String] = []
        public var duration: Duration = .zero
    }

    public let workbook: Workbook
    public var options: Options
    /// Told about each step as it starts and ends.
    public var report: @Sendable (StepEvent) -> Void

    public enum StepEvent: Sendable {
        case started(String)
        case ended(Step)
        case note(String)
        /// A line of progress in a long step (the mutation sweep's mutants).
        case progress(String)
    }

    public init(workbook: Workbook, options: Options, report: @escaping @Sendable (StepEvent) -> Void) {
        self.workbook = workbook
        self.options = options
        self.report = report
    }

    /// The folder all of the verifier's work happens in.
    public var workFolder: URL { workbook.root.appendingPathComponent(".build-verify") }

    /// Runs every check; the steps, in order, with their results.
    ///
    /// First a copy of the workbook to work on (``WorkbookCopy``: the working copy is only read);
    /// then, with `--catalogue N`, that catalogue alone; otherwise every check of ``checks(options:)``.
    public func run() async -> [Step] {
        var steps: [Step] = []
        func record(_ step: Step) {
            steps.append(step)
            report(.ended(step))
        }
        let (copied, mirror) = await copyWorkbook()
        record(copied)
        guard let mirror else { return steps }

        if let only = options.catalogueChapters {
            // A maintainer's quick check of one catalogue: nothing else runs, so it cannot pass
            // for a full verification.
            let id: CheckID = options.catalogueWorld == .app ? .catalogueApp : .catalogue
            let title = Self.checks(options: options).first { $0.id == id }?.title ?? "the catalogue"
            record(
                await catalogueHolds(
                    title, in: mirror, chapters: Set(only), onlyCase: options.catalogueCase,
                    world: options.catalogueWorld)
            )
            record(Step(title: "every other check", result: .skipped("left out with --catalogue")))
            return steps
        }
        if let chapters = options.mutantChapters {
            // A maintainer's command, slow and not part of a verification.
            let title =
                "mutation sweep of the reference solution"
                + (chapters.count == 1 ? " of chapter \(chapters[0])" : "s")
                + (options.writeLedger ? ", ledger written" : "")
            record(await mutationSweep(title, in: mirror, chapters: chapters))
            record(Step(title: "every other check", result: .skipped("left out with --mutants")))
            return steps
        }
        if options.markdownOnly {
            let needed: Set<CheckID> = [.startersBuild, .solutionsBuild, .markdown]
            await runChecks(Self.checks(options: options).filter { needed.contains($0.id) }, on: mirror, record: record)
            record(Step(title: "every other check", result: .skipped("left out with --markdown")))
            return steps
        }
        await runChecks(Self.checks(options: options), on: mirror, record: record)
        return steps
    }

    /// The copy of the workbook every check works on, in `.build-verify/workbook`, brought in line
    /// with the working copy; `nil` when it could not be made.
    func copyWorkbook() async -> (Step, Workbook?) {
        let folder = workFolder.appendingPathComponent("workbook")
        var notes: [String] = []
        let step = await measure("a copy of the workbook to check, in .build-verify/workbook") {
            let outcome = try await WorkbookCopy(of: workbook.root, at: folder).sync()
            if outcome.usedCommittedStarters {
                notes.append("Chapters/ has local changes: checking the committed starters instead.")
            }
            if !outcome.isGitCheckout { notes.append("Not a git checkout: checking the files as they are.") }
            return []
        }
        guard step.result == .passed, let copy = try? Workbook(root: folder) else { return (step, nil) }
        for note in notes { report(.note(note)) }
        return (step, copy)
    }

    /// Runs `checks` in order, each once the checks it needs have passed and unless an option
    /// leaves it out; checks marked to run alongside each other run at the same time.
    func runChecks(_ checks: [Check], on mirror: Workbook, record: (Step) -> Void) async {
        let work = Work(verifier: self, mirror: mirror)
        var outcomes: [CheckID: Step.Result] = [:]
        var next = checks[...]
        while let first = next.popFirst() {
            var group = [first]
            while first.runsAlongside, let other = next.first, other.runsAlongside { group.append(next.removeFirst()) }
            let known = outcomes
            let done = await withTaskGroup(of: (Int, Step).self) { tasks in
                for (index, check) in group.enumerated() {
                    tasks.addTask {
                        if let why = Self.skipReason(for: check, in: checks, options: options, outcomes: known) {
                            return (index, Step(title: check.title, result: .skipped(why)))
                        }
                        return (index, await check.run(self, work, check.title))
                    }
                }
                var steps: [(Int, Step)] = []
                for await step in tasks { steps.append(step) }
                return steps.sorted { $0.0 < $1.0 }.map(\.1)
            }
            for (check, step) in zip(group, done) {
                outcomes[check.id] = step.result
                record(step)
            }
        }
    }

    /// Runs `body` as a step: it passes when `body` returns no problems.
    func measure(_ title: String, _ body: () async throws -> [String]) async -> Step {
        report(.started(title))
        let clock = ContinuousClock()
        let start = clock.now
        var step = Step(title: title, result: .passed)
        do {
            let problems = try await body()
            if !problems.isEmpty {
                step.result = .failed
                step.details = problems
            }
        } catch {
            step.result = .failed
            step.details = ["\(error)"]
        }
        step.duration = clock.now - start
        return step
    }

    /// The committed list of the tests' hashes matches the tests: the runner flags every test file
    /// that differs from it as changed by the learner, so a stale list would accuse them.
    static func testHashProblems(in mirror: Workbook) -> [String] {
        guard let original = TestHashes.committed(in: mirror) else {
            return ["there is no \(TestHashes.listPath): run ./Scripts/verify --refresh-test-hashes and commit it"]
        }
        let changes = TestHashes.compare(original: original, current: TestHashes.current(in: mirror))
        guard !changes.isEmpty else { return [] }
        return changes.map {
            "\($0.path): \($0.change == .missing ? "listed, but not there" : $0.change == .added ? "not listed" : "its hash differs")"
        }
            + [
                "After changing tests on purpose: ./Scripts/verify --refresh-test-hashes, and commit \(TestHashes.listPath)."
            ]
    }

    // MARK: - Formatting and the source articles

    func formatProblems(in mirror: Workbook) async throws -> [String] {
        let (trees, unapplied) = try writeCatalogueTrees(of: mirror)
        let result = try await Command(
            [
                "swift", "format", "lint", "--strict", "--recursive", "--configuration", ".swift-format",
                "Package.swift", "Chapters", "Solutions", "Tests", "Scripts", trees,
            ],
            in: mirror.root
        ).run()
        let findings = result.output.split(separator: "\n").map { String($0) }
        // A page whose diff no longer applies has code nobody linted: never pass over it quietly.
        let pages = unapplied.map { "\($0): its diff no longer applies, so its code was not linted" }
        if result.succeeded && findings.isEmpty && pages.isEmpty { return [] }
        if result.succeeded && findings.isEmpty {
            return pages + ["Mend the pages: ./Scripts/verify --rebase-pages N, after the base's change is committed."]
        }
        return pages + (findings.isEmpty ? ["swift format lint \(result.ending)"] : findings.prefix(30).map { $0 })
            + [
                "Run ./Scripts/format to fix the formatting (a finding under \(trees)/ is in the "
                    + "code a catalogue case's diff makes: mend the case's page)."
            ]
    }

    /// Writes the files each catalogue case's diff changes, as the learner would have them, to
    /// `.build-verify/catalogue-trees/CHAPTER/CASE/`, so that they are linted like every other
    /// source. Returns that folder's path, and the pages whose diff does not apply.
    private func writeCatalogueTrees(of mirror: Workbook) throws -> (folder: String, unapplied: [String]) {
        let folder = workFolder.appendingPathComponent("catalogue-trees")
        var unapplied: [String] = []
        try? FileManager.default.removeItem(at: folder)
        for chapter in mirror.chapters {
            let catalogue = Catalogue(chapter: chapter, in: mirror)
            for item in catalogue.cases {
                guard let files = try? catalogue.changedFiles(of: item, in: mirror) else {
                    unapplied.append(catalogue.page(of: item))
                    continue
                }
                for (path, data) in files where path.hasSuffix(".swift") {
                    let url = folder.appendingPathComponent("\(chapter.folder)/\(item.name)/\(path)")
                    try FileManager.default.createDirectory(
                        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try data.write(to: url)
                }
            }
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (folder.path, unapplied)
    }

    func seedOverlap(_ title: String, in mirror: Workbook) async -> Step {
        let tool = workbook.root.deletingLastPathComponent().appendingPathComponent("shared/tools/seed-overlap")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else {
            return Step(title: title, result: .unavailable("../shared/tools/seed-overlap is not beside the workbook"))
        }
        return await measure(title) {
            let paths = ["Package.swift", "README.md", "Chapters", "Solutions", "Tests", "Scripts", ".ci"].filter {
                FileManager.default.fileExists(atPath: mirror.root.appendingPathComponent($0).path)
            }
            let result = try await Command([tool.path] + paths, in: mirror.root).run()
            return result.succeeded ? [] : result.output.split(separator: "\n").map(String.init)
        }
    }

    // MARK: - Building

    func build(_ tools: PackageTools, chapters: Set<Int>?, title: String) async -> Step {
        await measure(title) { try await buildProblems(tools, chapters: chapters) }
    }

    /// What is wrong with a build that must succeed without a warning: nothing, or its summary.
    func buildProblems(_ tools: PackageTools, chapters: Set<Int>?) async throws -> [String] {
        let result = try await tools.build(chapters: chapters)
        let summary = BuildSummary(result.output, relativeTo: tools.workbook)
        return result.succeeded && summary.warnings.isEmpty ? [] : summary.problems()
    }

    // MARK: - Running the tests

    /// The tests the options select: chapter N's with `--chapter N`, else all.
    func testFilter(in workbook: Workbook) -> String {
        options.chapter.flatMap(workbook.chapter)?.testFilter ?? ".*"
    }

    /// One run of every selected test in a single process, in parallel as Swift Testing does it.
    func runAll(_ tools: PackageTools, chapters: Set<Int>?, label: String) async throws -> ([TestResult], CommandResult)
    {
        let events = workFolder.appendingPathComponent("events-\(label)-\(UUID().uuidString).jsonl")
        let run = try await tools.runTests(
            testFilter(in: tools.workbook), chapters: chapters, timeLimit: options.timeLimit, events: events)
        return (run.tests, run.process)
    }

    func solutionsPass(_ title: String, _ tools: PackageTools, chapters: Set<Int>?) async -> (Step, [[TestResult]]) {
        report(.started(title))
        let clock = ContinuousClock()
        let start = clock.now
        var runs: [[TestResult]] = []
        var problems: [String] = []
        do {
            // Two processes at once catch tests that share a fixed path or a defaults domain.
            async let first = runAll(tools, chapters: chapters, label: "solutions-1")
            async let second = runAll(tools, chapters: chapters, label: "solutions-2")
            var results = [try await first, try await second]
            for run in 2..<max(2, options.runs) {
                results.append(try await runAll(tools, chapters: chapters, label: "solutions-\(run + 1)"))
            }
            let kept = results.prefix(max(1, options.runs))
            runs = kept.map(\.0)
            problems = Self.solutionProblems(kept.map { RunOutcome(tests: $0.0, ending: $0.1.ending) })
        } catch {
            problems.append("\(error)")
        }
        let step = Step(
            title: title, result: problems.isEmpty ? .passed : .failed, details: problems,
            duration: clock.now - start)
        return (step, runs)
    }

    func startersFail(
        _ title: String, _ tools: PackageTools, chapters: Set<Int>?, solutionRuns: [[TestResult]],
        workbook mirror: Workbook
    ) async -> Step {
        await measure(title) {
            var runs: [RunOutcome] = []
            for run in 0..<max(1, options.runs) {
                let (tests, result) = try await runAll(tools, chapters: chapters, label: "starters-\(run + 1)")
                runs.append(RunOutcome(tests: tests, ending: result.ending))
            }
            let expected = mirror.chapters.filter { chapters?.contains($0.number) ?? true }
            return Self.starterProblems(runs, chapters: expected, solutionTests: solutionRuns.first)
        }
    }

    /// One full test run: the tests' results and how the process ended.
    struct RunOutcome {
        var tests: [TestResult]
        var ending: CommandResult.Ending
    }

    /// Against the solutions, every test passes in every run. The runner's scenarios may be
    /// skipped: they have a step of their own.
    static func solutionProblems(_ runs: [RunOutcome]) -> [String] {
        var problems: [String] = []
        for (index, run) in runs.enumerated() {
            if run.tests.isEmpty { problems.append("run \(index + 1): no tests ran (the process \(run.ending))") }
            for test in run.tests where test.state != .passed && !(test.state == .skipped && !isChapterTest(test)) {
                problems.append("run \(index + 1): \(test.state.rawValue): \(Self.describe(test))")
            }
        }
        return problems
    }

    /// Against the starters, every chapter test fails, and fails the same way in every run (the
    /// same state, and issues recorded at the same places: how many a parameterized test records
    /// may vary, where they come from may not); the other tests pass; no run crashes; every
    /// chapter has tests; and the same tests run as against the solutions.
    static func starterProblems(_ runs: [RunOutcome], chapters: [Chapter], solutionTests: [TestResult]?) -> [String] {
        var problems: [String] = []
        var first: [String: (TestState, Set<String>)] = [:]
        for (index, run) in runs.enumerated() {
            let number = index + 1
            if run.ending != .exited(0) && run.ending != .exited(1) {
                problems.append("run \(number): the test process \(run.ending); a starter must never crash or hang")
            }
            for chapter in chapters where !run.tests.contains(where: { $0.id.hasPrefix(chapter.testModule + ".") }) {
                problems.append("run \(number): Chapter \(chapter.number) has no tests: is it in Package.swift?")
            }
            for test in run.tests {
                if isChapterTest(test) && test.state != .failed {
                    problems.append("run \(number): \(test.state.rawValue) on the starter: \(Self.describe(test))")
                } else if !isChapterTest(test) && test.state != .passed && test.state != .skipped {
                    problems.append("run \(number): \(test.state.rawValue): \(Self.describe(test))")
                }
                let outcome = (test.state, Set(test.issues.map { "\($0.file ?? "?"):\($0.line ?? 0)" }))
                if index == 0 {
                    first[test.id] = outcome
                } else if let earlier = first[test.id], earlier != outcome {
                    let places = { (set: Set<String>) in set.isEmpty ? "no issue" : set.sorted().joined(separator: ", ")
                    }
                    problems.append(
                        "run \(number) differs from run 1 (\(earlier.0.rawValue) at \(places(earlier.1)) → "
                            + "\(outcome.0.rawValue) at \(places(outcome.1))): \(Self.describe(test))")
                }
            }
            if index > 0 {
                for missing in Set(first.keys).subtracting(run.tests.map(\.id)).sorted() {
                    problems.append("run \(number): \(missing) did not run this time")
                }
            }
        }
        // The same sources are compiled twice, so the same tests run in both modes.
        if let solutionTests {
            for id in Set(first.keys).symmetricDifference(solutionTests.map(\.id)).sorted() {
                problems.append("\(id) runs in only one of the two modes")
            }
        }
        return problems
    }

    func threadSanitizer(_ title: String, _ check: RaceCheck, chapters: Set<Int>?) async -> Step {
        await measure(title) {
            let build = try await check.build(chapters: chapters)
            guard build.succeeded else {
                return ["the build with --sanitize=thread failed:"]
                    + BuildSummary(build.output, relativeTo: check.tools.workbook).problems()
            }
            let events = workFolder.appendingPathComponent("events-tsan-\(UUID().uuidString).jsonl")
            let outcome = try await check.run(
                filter: testFilter(in: check.tools.workbook), chapters: chapters, timeLimit: options.timeLimit,
                events: events)
            var problems: [String] = []
            if !outcome.races.isEmpty {
                problems.append("Thread Sanitizer reported \(outcome.races.count) data race(s):")
                problems += outcome.races.map { "  " + $0.summary }
                let lines = outcome.output.split(separator: "\n").map(String.init)
                if let report = lines.firstIndex(where: { $0.contains("WARNING: ThreadSanitizer") }) {
                    problems += lines[report...].prefix(25).map { "  " + $0 }
                }
            }
            return problems + Self.solutionProblems([RunOutcome(tests: outcome.tests, ending: outcome.ending)])
        }
    }

    /// Every fenced Swift block in the workbook's Markdown compiles, or fails as its directive says.
    /// With `--chapter N`, only the Markdown of chapter N (the other chapters were not built).
    func markdownCompiles(_ title: String, in mirror: Workbook, starters: PackageTools, solutions: PackageTools) async
        -> Step
    {
        var counts = (compiled: 0, fragments: 0)
        var step = await measure(title) {
            let modules = MarkdownCode.Modules(
                solutions: solutions.scratchFolder.appendingPathComponent("debug/Modules"),
                starters: starters.scratchFolder.appendingPathComponent("debug/Modules"))
            var checker = MarkdownCode(
                workbook: mirror, modules: modules, scratch: workFolder.appendingPathComponent("markdown"))
            checker.onlyChapter = options.chapter
            let outcome = try await checker.check()
            counts = (outcome.compiled, outcome.fragments)
            return outcome.problems
        }
        step.title += " (\(counts.compiled) blocks compiled, \(counts.fragments) fragments)"
        return step
    }

    /// Every chapter's catalogue holds: its other sound designs pass, its mistakes are caught as
    /// its page says. `catalogueJobs` workers check the chapters, each in a workspace of its own
    /// that it reuses from chapter to chapter (switching chapters costs a relink, not a rebuild of
    /// the shared test helpers).
    func catalogueHolds(
        _ title: String, in mirror: Workbook, chapters: Set<Int>?, onlyCase: String? = nil,
        world: WorkbookWorld = .library
    ) async -> Step {
        return await measure(title) {
            // The heaviest chapters first, so that no long chapter is left for one worker at the
            // end while the other is idle. A case costs a build and a few runs, and both grow with
            // the chapter's tests (they are recompiled and run each time).
            let weighed = mirror.chapters.filter { chapters?.contains($0.number) ?? true }.map { chapter in
                let cases = Catalogue(chapter: chapter, in: mirror).cases.count
                let testLines = FileTree.files(in: [chapter.testsFolder], of: mirror) { $0.hasSuffix(".swift") }
                    .values.reduce(0) { lines, path in
                        lines + ((try? String(contentsOfFile: path, encoding: .utf8))?.count { $0 == "\n" } ?? 0)
                    }
                return (chapter, cases * (1000 + testLines))
            }
            let queue = ChapterQueue(weighed.sorted { $0.1 > $1.1 }.map(\.0))
            let clock = ContinuousClock()
            return await withTaskGroup(of: [String].self) { group in
                for worker in 1...max(1, options.catalogueJobs) {
                    group.addTask {
                        var problems: [String] = []
                        while let chapter = await queue.next() {
                            var check = CatalogueCheck(
                                mirror: mirror, chapter: chapter,
                                workspace: workFolder.appendingPathComponent(
                                    "catalogue\(world == .app ? "-app" : "")/worker\(worker)"),
                                runs: options.catalogueRuns ?? 2, timingRuns: max(5, options.catalogueRuns ?? 5),
                                timeLimit: .seconds(180))
                            check.onlyCase = onlyCase
                            check.world = world
                            let start = clock.now
                            let outcome = await check.run()
                            report(
                                .note(
                                    "Chapter \(chapter.number)\(Self.inWorld(world)): \(outcome.alternatives) other designs, "
                                        + (world == .app ? "" : "\(outcome.mistakes) mistakes, ")
                                        + (outcome.problems.isEmpty
                                            ? "all hold" : "\(outcome.problems.count) problem(s)")
                                        + " (\((clock.now - start).readable): \(outcome.spent))"))
                            problems += outcome.problems
                        }
                        return problems
                    }
                }
                var problems: [String] = []
                for await found in group { problems += found }
                return problems
            }
        }
    }

    /// Hands out chapters to the catalogue's workers, one at a time.
    actor ChapterQueue {
        private var waiting: [Chapter]
        init(_ chapters: [Chapter]) { waiting = chapters }
        func next() -> Chapter? { waiting.isEmpty ? nil : waiting.removeFirst() }
    }

    /// The runner's own unit tests, in its package (`Scripts/Runner/`), built with warnings as errors.
    func runnerUnitTests(_ title: String, _ runner: PackageTools) async -> Step {
        await measure(title) {
            let problems = try await buildProblems(runner, chapters: nil)
            guard problems.isEmpty else { return problems }
            return try await runnerTestProblems(
                suite: nil, environment: [:], tools: runner, timeLimit: .seconds(300))
        }
    }

    /// The runner's own end-to-end tests: copies of the workbook in every state a learner can
    /// leave it in. They are slow, so they run only when `WORKBOOK_SCENARIOS=1`.
    func runnerScenarios(_ title: String, _ runner: PackageTools) async -> Step {
        await runnerTests(
            title, suite: "ScenarioTests",
            environment: ["WORKBOOK_SCENARIOS": "1"], tools: runner, timeLimit: .seconds(1800))
    }

    /// The class report printed by a real headless browser and read back: only where a browser
    /// and `pdftotext` exist (`.ci/run` installs them); elsewhere a notice says it was not checked.
    func classReportInBrowser(_ title: String, _ runner: PackageTools) async -> Step {
        let environment = ProcessInfo.processInfo.environment
        let browsers = [
            environment["WORKBOOK_BROWSER"], ProgramLookup.onPath("chromium"), ProgramLookup.onPath("chromium-browser"),
            ProgramLookup.onPath("google-chrome"), ProgramLookup.onPath("google-chrome-stable"),
            "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
            "/Applications/Chromium.app/Contents/MacOS/Chromium",
        ]
        let browser = browsers.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let browser, let pdftotext = ProgramLookup.onPath("pdftotext") else {
            return Step(
                title: title,
                result: .unavailable(
                    "it needs a headless Chromium and pdftotext, and this machine lacks one (.ci/run installs both)"))
        }
        return await runnerTests(
            title, suite: "ClassReportBrowserTests",
            environment: ["WORKBOOK_BROWSER": browser, "WORKBOOK_PDFTOTEXT": pdftotext], tools: runner,
            timeLimit: .seconds(300))
    }

    /// Runs one suite of the runner's own tests with `environment` added; every test must pass.
    func runnerTests(
        _ title: String, suite: String, environment: [String: String], tools runner: PackageTools,
        timeLimit: Duration
    ) async -> Step {
        await measure(title) {
            try await runnerTestProblems(suite: suite, environment: environment, tools: runner, timeLimit: timeLimit)
        }
    }

    /// The runner's tests in `suite` (all of them when `nil`), run with `environment` added: what
    /// did not pass. The scenarios and the browser check are skipped unless their switch is set.
    func runnerTestProblems(
        suite: String?, environment: [String: String], tools runner: PackageTools, timeLimit: Duration
    ) async throws -> [String] {
        var tools = runner
        tools.environment.merge(environment) { $1 }
        let events = workFolder.appendingPathComponent("events-runner-\(suite ?? "all")-\(UUID().uuidString).jsonl")
        // The runner's tests are in a test module per module of the runner (WorkbookCoreTests, …).
        let filter = suite.map { "^Workbook[A-Za-z]+Tests\\.\($0)/" } ?? "^Workbook[A-Za-z]+Tests\\."
        let run = try await tools.runTests(filter, chapters: nil, timeLimit: timeLimit, events: events)
        let tests = run.tests
        if tests.isEmpty { return ["no test of \(suite ?? "the runner") ran (\(run.ending))"] }
        let expected: Set<TestState> = suite == nil ? [.passed, .skipped] : [.passed]
        return tests.filter { !expected.contains($0.state) }.map { "\($0.state.rawValue): \(Self.describe($0))" }
    }

    static func isChapterTest(_ test: TestResult) -> Bool { test.id.hasPrefix("Chapter") }

    static func describe(_ test: TestResult) -> String {
        var text = "\(test.name) [\(test.file.map { "\($0):\(test.line ?? 0)" } ?? test.id)]"
        if let issue = test.issues.first {
            text += "\n      " + issue.message.split(separator: "\n").prefix(4).joined(separator: "\n      ")
        }
        return text
    }
}
