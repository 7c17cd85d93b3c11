import Foundation
import WorkbookCore

/// Proves what a chapter's catalogue claims: each case's tree (its diff applied to the solution or
/// the starter) is laid in a workspace of the chapter's own, built incrementally, and tested; every alternative must pass
/// under Thread Sanitizer with no race, every mistake must be caught as its row says, every run.
struct CatalogueCheck: Sendable {
    /// The verifier's copy of the workbook, where the committed catalogue is read from.
    let mirror: Workbook
    let chapter: Chapter
    /// The chapter's workspace: a package with this one chapter, reused from one verify to the next.
    let workspace: URL
    /// Runs of each case; a case that depends on timing runs `timingRuns` times.
    var runs = 2
    var timingRuns = 5
    var timeLimit: Duration = .seconds(120)
    /// How long a case that must hang is given: its named test must still be running then. Short,
    /// because the whole limit is spent on every run; the test itself needs well under a second.
    var hangLimit: Duration = .seconds(15)
    /// Check only the case of this name (`verify --catalogue N --case NAME`).
    var onlyCase: String?
    /// The world the cases are built in. In the app world only the other sound designs are
    /// checked: a design must mean the same in both worlds, while a mistake is a mistake of the
    /// lesson, caught in the library world (its tests, messages and compiler's words are the same).
    var world: WorkbookWorld = .library
    /// Told about each case as it is checked.
    var progress: @Sendable (String) -> Void = { _ in }

    /// The outcome: how many cases, and what is wrong.
    struct Outcome: Sendable {
        var alternatives = 0
        var mistakes = 0
        var problems: [String] = []
        /// Where the time went, summed over the cases.
        var spent = Spent()
    }

    /// Time spent in each kind of work, for the verifier's log (what to speed up next).
    struct Spent: Sendable, CustomStringConvertible {
        var builds: Duration = .zero
        var runs: Duration = .zero
        var sanitizedBuilds: Duration = .zero
        var sanitizedRuns: Duration = .zero
        /// Each case's whole time, by name.
        var cases: [(name: String, time: Duration)] = []

        var description: String {
            let slowest = cases.sorted { $0.time > $1.time }.prefix(3).map { "\($0.name) \($0.time.readable)" }
            return "builds \(builds.readable), runs \(runs.readable), sanitizer builds \(sanitizedBuilds.readable), "
                + "sanitizer runs \(sanitizedRuns.readable); slowest: \(slowest.joined(separator: ", "))"
        }
    }

    func run() async -> Outcome {
        let catalogue = Catalogue(chapter: chapter, in: mirror)
        var outcome = Outcome()
        outcome.alternatives = catalogue.cases.count { !$0.isMistake }
        outcome.mistakes = catalogue.cases.count(where: \.isMistake)
        outcome.problems = catalogue.problems
        if outcome.alternatives < 3 {
            outcome.problems.append(
                "\(Catalogue.folder(of: chapter)): \(outcome.alternatives) other sound designs; at least 3")
        }
        if outcome.mistakes < 8 {
            outcome.problems.append(
                "\(Catalogue.folder(of: chapter)): \(outcome.mistakes) typical mistakes; at least 8")
        }
        do {
            let space = ChapterWorkspace(mirror: mirror, chapter: chapter, folder: workspace)
            let workbook = try space.prepare()
            var tools = PackageTools(workbook: workbook, mode: .starters, world: world)
            tools.buildArguments = PackageTools.verifying
            // Other sound designs meet fresh scenarios too (they are run only here, sanitized).
            var sanitizedEnvironment = ProcessInfo.processInfo.environment
            sanitizedEnvironment[FreshSeeds.variable] = FreshSeeds.forAlternatives
            var races = RaceCheck(
                workbook: workbook, mode: .starters, world: world, scratchPath: ".build-tsan",
                environment: sanitizedEnvironment)
            // An alternative is built only here: it must be free of warnings too.
            races.tools.buildArguments += PackageTools.warningsAsErrors
            let starter = try FileTree.read(mirror.root.appendingPathComponent(chapter.starterFolder))
            let names = TestNames()
            if let onlyCase, !catalogue.cases.contains(where: { $0.name == onlyCase }) {
                outcome.problems.append("\(Catalogue.folder(of: chapter)) has no case called \(onlyCase)")
            }
            for item in catalogue.cases
            where (onlyCase == nil || item.name == onlyCase) && (world == .library || !item.isMistake) {
                progress("Chapter \(chapter.number) · \(item.name)")
                // A page whose diff no longer applies is already among the catalogue's problems.
                guard let tree = try? catalogue.tree(of: item, in: mirror) else { continue }
                try space.lay(tree)
                let clock = ContinuousClock()
                let start = clock.now
                defer { outcome.spent.cases.append((item.name, clock.now - start)) }
                var problems = try await check(
                    item, tools: tools, races: races, names: names, spent: &outcome.spent)
                if !problems.isEmpty, item.isMistake {
                    // A mistake that got through is built again, the chapter's modules compiled from
                    // nothing, before it counts: an incremental build that kept an object of the
                    // case before could have run other code than the page's (seen once a CI run, in
                    // Chapter 6, and never when the case ran alone). A weak test fails it again.
                    let chapterModules = "Chapter\(chapter.number)"
                    for scratch in [tools.scratchFolder, races.tools.scratchFolder] {
                        _ = StaleBuild.removeModules(in: scratch) { $0.hasPrefix(chapterModules) }
                    }
                    try space.lay(tree)
                    problems = try await check(
                        item, tools: tools, races: races, names: names, spent: &outcome.spent)
                    if problems.isEmpty {
                        progress(
                            "Chapter \(chapter.number) · \(item.name): held only after a build from nothing (a stale "
                                + "incremental build)")
                    }
                }
                outcome.problems += problems.map { "Chapter \(chapter.number) · \(item.name): \($0)" }
            }
            try space.lay(starter)
        } catch {
            outcome.problems.append("Chapter \(chapter.number): the catalogue could not be checked: \(error)")
        }
        return outcome
    }

    // MARK: - One case

    /// The chapter's tests by display name, learnt from the first full run, so that a mistake's
    /// runs can be limited to the tests that must catch it.
    final class TestNames: @unchecked Sendable {
        // Used by one case at a time, in order: no two tasks touch it at once.
        var identifiers: [String: [String]] = [:]

        func learn(_ tests: [TestResult]) {
            guard identifiers.isEmpty else { return }
            for test in tests { identifiers[test.name, default: []].append(test.id) }
        }

        /// A filter that selects exactly the tests called `names`, if all are known.
        func filter(for names: [String]) -> String? {
            let ids = names.compactMap { identifiers[$0] }
            guard ids.count == names.count else { return nil }
            return TestResult.filter(selecting: ids.joined().map { $0 })
        }
    }

    private func check(
        _ item: Catalogue.Case, tools: PackageTools, races: RaceCheck, names: TestNames, spent: inout Spent
    ) async throws -> [String] {
        if world == .app && item.libraryWorldOnly {
            // A design its page says holds in a library only: the app world must refuse it.
            let build = try await races.build(chapters: [chapter.number])
            spent.sanitizedBuilds += build.duration
            return build.succeeded
                ? ["it is marked (library world), but it compiles in the app world: take the mark off its row"] : []
        }
        switch item.expectation {
        case .passes, .raceCheck: return try await checkSanitized(item, races: races, names: names, spent: &spent)
        case .failingTests, .compiler, .crash, .hangs: break
        }
        let only: Set<Int> = [chapter.number]
        // A link that fails with no error in any source is built again by `build` (a stale build).
        let build = try await tools.build(chapters: only)
        spent.builds += build.duration
        let summary = BuildSummary(build.output, relativeTo: tools.workbook)
        let errors = summary.errors
        if case .compiler(let phrase) = item.expectation {
            if build.succeeded { return ["it compiles, but the compiler should refuse it, mentioning \"\(phrase)\""] }
            func mentionsPhrase(_ errors: [CompilerError]) -> Bool {
                errors.contains {
                    $0.file.hasPrefix(chapter.starterFolder + "/")
                        && $0.message.localizedCaseInsensitiveContains(phrase)
                }
            }
            // Read from the parsed errors, and from the raw lines too: a diagnostic whose header
            // the parser missed still names the chapter's file and says the phrase.
            func rawLinesMentionPhrase(_ output: String) -> Bool {
                output.split(separator: "\n").contains {
                    $0.contains(chapter.starterFolder + "/") && $0.localizedCaseInsensitiveContains(phrase)
                }
            }
            if mentionsPhrase(errors) || rawLinesMentionPhrase(build.output) { return [] }
            // The tests compile against the chapter's interface as soon as it is written, beside
            // the chapter's own code: when a test file fails first, the build may stop before the
            // chapter's error is printed. The chapter's targets alone say what is wrong with it.
            let ownTarget =
                FileManager.default.fileExists(
                    atPath: tools.workbook.root.appendingPathComponent(chapter.starterFolder + "/TestDoubles").path)
                ? "Chapter\(chapter.number)TestDoubles" : "Chapter\(chapter.number)"
            let alone = try await tools.build(target: ownTarget, chapters: only)
            spent.builds += alone.duration
            let aloneErrors = BuildSummary(alone.output, relativeTo: tools.workbook).errors
            if mentionsPhrase(aloneErrors) || rawLinesMentionPhrase(alone.output) { return [] }
            let inChapter = (errors + aloneErrors).filter { $0.file.hasPrefix(chapter.starterFolder + "/") }
            return ["it does not compile, but no error in the chapter's files mentions \"\(phrase)\":"]
                + (inChapter.isEmpty ? errors : inChapter).prefix(5).map { "  " + $0.summary }
                + [
                    "  (\(ownTarget) built alone: \(alone.succeeded ? "it compiled" : "it failed"); "
                        + "\(aloneErrors.count) error(s) in its output)"
                ]
        }
        guard build.succeeded else {
            return ["it does not compile (with warnings as errors):"] + summary.problems().prefix(8).map { "  " + $0 }
        }

        let runs = item.dependsOnTiming ? timingRuns : self.runs

        // A mistake needs only the tests that must catch it, once their names are known.
        var selection = chapterTests
        switch item.expectation {
        case .failingTests(let tests): selection = names.filter(for: tests) ?? chapterTests
        case .crash(let test), .hangs(let test): selection = names.filter(for: [test]) ?? chapterTests
        default: break
        }
        var limit = timeLimit
        if case .hangs = item.expectation { limit = hangLimit }
        for run in 1...runs {
            let result = try await tools.runTests(selection, chapters: only, timeLimit: limit, events: events)
            spent.runs += result.process.duration
            if selection == chapterTests { names.learn(result.tests) }
            let problems = verdict(item, tests: result.tests, ending: result.ending, run: run)
            if !problems.isEmpty { return problems }
        }
        return []
    }

    /// A filter that selects all of the chapter's tests.
    private var chapterTests: String { chapter.testFilter }

    /// Where a run of the tests writes its events, read once the run is over.
    private var events: URL { workspace.appendingPathComponent("events.jsonl") }

    /// An alternative, or a mistake the race check must catch, proved in the Thread Sanitizer
    /// build alone: a plain build of the same code would prove nothing more, and costs a build per
    /// case. An alternative's tests all pass there, in every run, with no race. The mistake is seen
    /// racing in the chapter's files in every run; that run stops at the first race, because the
    /// racing code may go on to corrupt memory, and crash or hang until the time limit.
    private func checkSanitized(
        _ item: Catalogue.Case, races: RaceCheck, names: TestNames, spent: inout Spent
    ) async throws -> [String] {
        let only: Set<Int> = [chapter.number]
        let build = try await races.build(chapters: only)
        spent.sanitizedBuilds += build.duration
        guard build.succeeded else {
            return ["it does not compile (with warnings as errors, under Thread Sanitizer):"]
                + BuildSummary(build.output, relativeTo: races.tools.workbook).problems().prefix(8).map { "  " + $0 }
        }
        let isMistake = item.expectation == .raceCheck
        for run in 1...(item.dependsOnTiming ? timingRuns : runs) {
            let clock = ContinuousClock()
            let start = clock.now
            let outcome = try await races.run(
                filter: chapterTests, chapters: only, timeLimit: timeLimit, events: events, stopAtFirstRace: isMistake)
            spent.sanitizedRuns += clock.now - start
            if isMistake {
                let inChapter = outcome.races.filter { race in
                    race.accesses.contains { $0.file?.hasPrefix(chapter.starterFolder + "/") == true }
                }
                if inChapter.isEmpty {
                    return ["run \(run): Thread Sanitizer reported no data race in the chapter's files"]
                }
                continue
            }
            names.learn(outcome.tests)
            if !outcome.races.isEmpty {
                let named = await outcome.races.demangled()
                return ["run \(run) under Thread Sanitizer: a data race:"] + named.map { "  " + $0.summary }
            }
            let problems = verdict(item, tests: outcome.tests, ending: outcome.ending, run: run)
            if !problems.isEmpty { return problems }
        }
        return []
    }

    /// What is wrong with one run of a case's tests (an alternative's runs are all sanitized).
    func verdict(
        _ item: Catalogue.Case, tests: [TestResult], ending: CommandResult.Ending, run: Int
    ) -> [String] {
        if tests.isEmpty { return ["run \(run): no test ran (the test process \(ending))"] }
        switch item.expectation {
        case .passes:
            let failed = tests.filter { $0.state != .passed }
            if failed.isEmpty { return [] }
            return [
                "run \(run) under Thread Sanitizer: an alternative must pass every test, and \(failed.count) did not:"
            ]
                + failed.prefix(5).map { "  \($0.state.rawValue): " + Verifier.describe($0) }
        case .failingTests(let names):
            var problems: [String] = []
            for name in names {
                let matching = tests.filter { $0.name == name }
                if matching.isEmpty {
                    problems.append("no test of Chapter \(chapter.number) is called \"\(name)\"")
                } else if let escaped = matching.first(where: { $0.state != .failed }) {
                    problems.append(
                        "run \(run): \"\(name)\" should fail, and it \(escaped.state == .passed ? "passed" : "ended \(escaped.state.rawValue)")"
                    )
                }
            }
            return problems
        case .crash(let name):
            guard let test = tests.first(where: { $0.name == name }) else {
                return ["no test of Chapter \(chapter.number) is called \"\(name)\""]
            }
            if test.state == .crashed { return [] }
            return ["run \(run): the test process should crash in \"\(name)\", and the test \(test.state.rawValue)"]
        case .hangs(let name):
            guard let test = tests.first(where: { $0.name == name }) else {
                return ["no test of Chapter \(chapter.number) is called \"\(name)\""]
            }
            if test.state == .timedOut { return [] }
            return [
                "run \(run): \"\(name)\" should still be running when the time limit ends the process; it ended: \(test.state.rawValue)"
            ]
        case .raceCheck, .compiler:
            return []
        }
    }
}
