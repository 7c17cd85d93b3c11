import Foundation
import WorkbookCore

/// The mutation sweep of one chapter's reference solution: each mutant of its files (``Mutator``,
/// ``CourseMutator``) is laid with the rest of the solution in a workspace
/// of the chapter's own, built incrementally and tested once (a survivor twice, then in the app
/// world). A mutant the compiler refuses is killed by the compiler; one that makes a test fail,
/// crash or run out of time is killed by that test; one that passes every test survived.
struct MutationSweep: Sendable {
    /// The verifier's copy of the workbook, where the solution and the tests are read from.
    let mirror: Workbook
    let chapter: Chapter
    /// The chapter's workspace, reused from one sweep to the next.
    let workspace: URL
    /// At most this many mutants, spread evenly over the list (a quick sample).
    var limit: Int?
    /// One run of the chapter's tests; a mutant that makes them hang is killed when it is up.
    var timeLimit: Duration = .seconds(60)
    /// Told about each mutant as it is checked.
    var progress: @Sendable (String) -> Void = { _ in }

    enum Verdict: Sendable, Equatable {
        /// The first error.
        case killedByCompiler(String)
        /// The first test (in lesson order) that did not pass, and how it ended; or how the test
        /// process ended.
        case killedByTest(String)
        case survived
    }

    struct Result: Sendable {
        var mutant: Mutant
        var verdict: Verdict
        var duration: Duration
    }

    struct Outcome: Sendable {
        /// Every mutant of the solution, before any sampling.
        var total = 0
        var results: [Result] = []
        /// Why the sweep could not be made (the solution does not pass in the workspace, say).
        var problems: [String] = []
        var builds: Duration = .zero
        var runs: Duration = .zero

        var score: MutationLedger.Score { score(of: results) }

        /// The score on the learner's lines, or on given code.
        func score(_ scope: Mutant.Scope) -> MutationLedger.Score {
            score(of: results.filter { $0.mutant.scope == scope })
        }

        private func score(of results: [Result]) -> MutationLedger.Score {
            MutationLedger.Score(
                mutants: results.count,
                killedByCompiler: results.count { if case .killedByCompiler = $0.verdict { true } else { false } },
                killedByTests: results.count { if case .killedByTest = $0.verdict { true } else { false } },
                survived: results.count { $0.verdict == .survived })
        }

        /// Per operator: the mutants made and killed (by a test or the compiler) on the learner's
        /// lines and on given code, operators in their declared order.
        func operatorCounts() -> [(Mutant.Kind, learnerMade: Int, learnerKilled: Int, givenMade: Int, givenKilled: Int)]
        {
            Mutant.Kind.allCases.compactMap { kind in
                let mine = results.filter { $0.mutant.kind == kind }
                guard !mine.isEmpty else { return nil }
                let learner = mine.filter { $0.mutant.scope == .learner }
                let given = mine.filter { $0.mutant.scope == .given }
                return (
                    kind, learner.count, learner.count { $0.verdict != .survived }, given.count,
                    given.count { $0.verdict != .survived }
                )
            }
        }

        var survivors: [Mutant] { results.filter { $0.verdict == .survived }.map(\.mutant) }
    }

    /// Every mutant of the chapter's solution files (its `TestDoubles/` too: the learner writes
    /// them), by file, then line: the mechanical operators on every line, the course's own on the
    /// lines the learner writes (what the starter twin does not have).
    static func mutants(of chapter: Chapter, in mirror: Workbook) -> [Mutant] {
        let folder = mirror.root.appendingPathComponent(chapter.solutionFolder)
        let starterFolder = mirror.root.appendingPathComponent(chapter.starterFolder)
        func read(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }
        let starterTexts = FileTree.paths(in: starterFolder).filter { $0.hasSuffix(".swift") }
            .compactMap { read(starterFolder.appendingPathComponent($0)) }
        let singletons = CourseMutator.singletons(in: starterTexts)
        let files = FileTree.paths(in: folder, skipping: ["Catalogue"]).filter { $0.hasSuffix(".swift") }.sorted()
        return files.flatMap { file in
            let text = read(folder.appendingPathComponent(file)) ?? ""
            let starter = read(starterFolder.appendingPathComponent(file))
            let context = CourseMutator.Context(
                learnerLines: LearnerLines(starter: starter, solution: text),
                starterCode: starter.map { SourceLine.scan($0).map(\.code) } ?? [], singletons: singletons)
            return Mutator.mutants(of: text, file: file, course: context)
        }
    }

    /// At most `limit` of `mutants`, spread evenly: the same ones every time.
    static func sample(_ mutants: [Mutant], limit: Int?) -> [Mutant] {
        guard let limit, limit < mutants.count else { return mutants }
        guard limit > 0 else { return [] }
        return (0..<limit).map { mutants[$0 * mutants.count / limit] }
    }

    func run() async -> Outcome {
        var outcome = Outcome()
        let all = Self.mutants(of: chapter, in: mirror)
        outcome.total = all.count
        let chosen = Self.sample(all, limit: limit)
        let space = ChapterWorkspace(mirror: mirror, chapter: chapter, folder: workspace)
        do {
            let workbook = try space.prepare()
            // Warnings do not kill a mutant: only what stops the build, and the tests.
            var tools = PackageTools(workbook: workbook, mode: .starters, world: .library)
            tools.buildArguments = PackageTools.ownIndexOnly
            // A survivor of the library world is tried in the app world too (an Xcode 26 app
            // target's settings, built in a scratch folder of its own): verify holds the solutions
            // to both, and a lost `nonisolated` often shows only there.
            var appTools = PackageTools(
                workbook: workbook, mode: .starters, world: .app,
                scratchPath: workspace.appendingPathComponent(".build-app").path)
            appTools.buildArguments = PackageTools.ownIndexOnly
            let solution = try ChapterWorkspace.solutionTree(of: chapter, in: mirror)
            defer { try? space.lay(solution) }

            /// Whether the solution, laid in the workspace, passes with `tools`: a sweep means nothing
            /// unless it does. When not, the problem is in `outcome`.
            func solutionPasses(with tools: PackageTools, in world: String) async throws -> Bool {
                try space.lay(solution)
                let baseline = try await check(tools: tools, outcome: &outcome)
                guard baseline == .survived else {
                    outcome.problems.append(
                        "Chapter \(chapter.number): the reference solution does not pass its tests \(world)in the "
                            + "sweep's workspace: \(baseline)")
                    return false
                }
                return true
            }
            guard try await solutionPasses(with: tools, in: "") else { return outcome }
            let clock = ContinuousClock()
            var appBaselineChecked = false
            for (index, mutant) in chosen.enumerated() {
                var tree = solution
                tree[mutant.file] = Data(mutant.text.utf8)
                try space.lay(tree)
                let start = clock.now
                var verdict = try await check(tools: tools, outcome: &outcome)
                if verdict == .survived {
                    // A survivor is built once more, its module compiled from nothing (so no object
                    // an incremental build kept can let it through), and run once more, in a
                    // temporary directory of its own again, before it counts: a mutant that only
                    // one build or one run lets through is not a survivor.
                    let module = Self.module(of: mutant, in: chapter) + ".build"
                    _ = StaleBuild.removeModules(in: tools.scratchFolder) { $0 == module }
                    verdict = try await check(tools: tools, outcome: &outcome)
                }
                if verdict == .survived {
                    if !appBaselineChecked {
                        // The solution itself first, as in the library world.
                        guard try await solutionPasses(with: appTools, in: "in the app world ") else { return outcome }
                        appBaselineChecked = true
                        try space.lay(tree)
                    }
                    verdict = Self.inTheAppWorld(try await check(tools: appTools, outcome: &outcome))
                }
                let result = Result(mutant: mutant, verdict: verdict, duration: clock.now - start)
                outcome.results.append(result)
                progress(
                    "[\(index + 1)/\(chosen.count)] \(mutant.id): \(Self.describe(verdict)) (\(result.duration.readable))"
                )
            }
        } catch {
            outcome.problems.append("Chapter \(chapter.number): the sweep could not be made: \(error)")
        }
        return outcome
    }

    /// The module a mutant's file is compiled into, in the workspace (where the solution is laid
    /// as the starter): `Chapter8`, or `Chapter8TestDoubles` for a file of `TestDoubles/`.
    static func module(of mutant: Mutant, in chapter: Chapter) -> String {
        mutant.file.hasPrefix("TestDoubles/") ? "Chapter\(chapter.number)TestDoubles" : "Chapter\(chapter.number)"
    }

    /// Builds what is laid in the workspace and runs the chapter's tests once.
    private func check(tools: PackageTools, outcome: inout Outcome) async throws -> Verdict {
        let only: Set<Int> = [chapter.number]
        // A link that fails with no error in any source is built again by `build` (a stale build).
        let build = try await tools.build(chapters: only)
        outcome.builds += build.duration
        guard build.succeeded else {
            let summary = BuildSummary(build.output, relativeTo: tools.workbook)
            return .killedByCompiler(summary.errors.first?.summary ?? summary.problems().first ?? "the build failed")
        }
        let events = workspace.appendingPathComponent("events.jsonl")
        // Each run gets a temporary directory of its own: a folder an earlier mutant's run left in a
        // shared one could let a mutant that no longer creates it survive.
        let temporary = workspace.appendingPathComponent("tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        var isolated = tools
        isolated.environment["TMPDIR"] = temporary.path
        let run = try await isolated.runTests(
            chapter.testFilter, chapters: only, timeLimit: timeLimit, events: events)
        outcome.runs += run.process.duration
        return Self.verdict(tests: run.tests, ending: run.ending)
    }

    /// A verdict from the app world, saying so.
    static func inTheAppWorld(_ verdict: Verdict) -> Verdict {
        switch verdict {
        case .killedByCompiler(let error): .killedByCompiler("in the app world: \(error)")
        case .killedByTest(let test): .killedByTest("in the app world: \(test)")
        case .survived: .survived
        }
    }

    /// Killed by the first test, in lesson order, that failed, crashed or ran out of time; else by
    /// a test process that did not end well; else the mutant survived.
    static func verdict(tests: [TestResult], ending: CommandResult.Ending) -> Verdict {
        let failing = tests.filter { [.failed, .crashed, .timedOut].contains($0.state) }
            .sorted(by: TestResult.lessonOrder)
        if let first = failing.first { return .killedByTest("\"\(first.name)\" \(first.state.rawValue)") }
        if tests.isEmpty || ending != .exited(0) { return .killedByTest("the test process \(ending)") }
        return .survived
    }

    static func describe(_ verdict: Verdict) -> String {
        switch verdict {
        case .killedByCompiler(let error): "killed by the compiler: \(error)"
        case .killedByTest(let test): "killed by \(test)"
        case .survived: "survived"
        }
    }
}
