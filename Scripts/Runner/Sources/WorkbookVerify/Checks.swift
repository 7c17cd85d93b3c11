import Foundation
import Synchronization
import WorkbookCore

extension Verifier {
    /// An option of `./Scripts/verify` that leaves a check out (not a full verification).
    public enum SkipOption: String, Sendable, CaseIterable {
        case catalogue = "--skip-catalogue"
        case threadSanitizer = "--skip-tsan"
        case scenarios = "--skip-scenarios"
    }

    /// The checks, by name, for what one check needs of another.
    public enum CheckID: String, Sendable, Hashable {
        case chapterContent, testHashes, mutationLedgers, formatting, sourceArticles, workflows
        case startersBuild, solutionsBuild, solutionsPass, startersFail, markdown, catalogue, threadSanitizer
        case startersAppBuild, solutionsAppBuild, solutionsPassApp, startersFailApp, catalogueApp, threadSanitizerApp
        case runnerTests, classReportInBrowser, classTableInPython, classTableInSpreadsheet, classroom, scenarios
    }

    /// One of verify's checks, as a value: its title (printed as it runs, in `--help`, and when it
    /// is skipped), the checks it needs, the option that leaves it out, and how it runs.
    public struct Check: Sendable {
        public var id: CheckID
        public var title: String
        /// The earlier checks that must pass for this one to run.
        public var needs: [CheckID] = []
        /// The option that leaves it out.
        public var skippedBy: SkipOption?
        /// What a check that needs this one says when this one did not pass ("the starters do not
        /// build").
        public var whenNotPassed: String?
        /// Runs at the same time as the checks next to it that are marked so: each works in
        /// copies of the workbook of its own, and none keeps both cores busy.
        public var runsAlongside = false
        /// How it runs.
        var run: @Sendable (_ verifier: Verifier, _ work: Work, _ title: String) async -> Step
    }

    /// What the checks share: the copy of the workbook they check, and the tools that build it.
    final class Work: Sendable {
        let mirror: Workbook
        /// The selected chapters (`--chapter N`), or `nil` for all.
        let chapters: Set<Int>?
        /// The library world's builds (a library module: nonisolated by default).
        let starters: PackageTools
        let solutions: PackageTools
        /// The app world's (as an Xcode 26 app target: `WORKBOOK_WORLD=app`), each in a scratch
        /// folder of its own, so that neither world rebuilds the other.
        let startersApp: PackageTools
        let solutionsApp: PackageTools
        /// The runner's own package, in the copy.
        let runner: PackageTools
        /// The solutions' test runs in each world, which the starters' runs are compared with.
        let solutionRuns = Mutex<[WorkbookWorld: [[TestResult]]]>([:])

        init(verifier: Verifier, mirror: Workbook) {
            self.mirror = mirror
            chapters = verifier.options.chapter.map { [$0] }
            let scratch = { verifier.workFolder.appendingPathComponent($0).path }
            func tools(_ mode: WorkbookMode, _ world: WorkbookWorld, _ folder: String) -> PackageTools {
                var tools = PackageTools(workbook: mirror, mode: mode, world: world, scratchPath: scratch(folder))
                tools.buildArguments = PackageTools.verifying
                // The rule checks draw scenarios from seeds nobody has used before, beside the fixed
                // ones a learner's verdict comes from: a model that is wrong shows up here first.
                if mode == .solutions { tools.environment[FreshSeeds.variable] = FreshSeeds.forSolutions }
                return tools
            }
            starters = tools(.starters, .library, "starters")
            solutions = tools(.solutions, .library, "solutions")
            startersApp = tools(.starters, .app, "starters-app")
            solutionsApp = tools(.solutions, .app, "solutions-app")
            var runner = PackageTools.runner(of: mirror, scratchPath: scratch("runner"))
            runner.buildArguments = PackageTools.verifying
            self.runner = runner
        }
    }

    /// Every check, in the order they run. `./Scripts/verify --help` lists them from here, and
    /// their skipped lines come from here.
    public static func checks(options: Options) -> [Check] {
        [
            Check(
                id: .chapterContent,
                title:
                    "chapter content: lessons lead with their steps, hints, walk-throughs, teacher's notes, tests, TODOs"
            ) { verifier, work, title in
                await verifier.measure(title) {
                    try ChapterContentCheck(workbook: work.mirror).problems(only: verifier.options.chapter)
                }
            },
            Check(id: .testHashes, title: "Tests/SHA256SUMS lists the tests as they are") { verifier, work, title in
                await verifier.measure(title) {
                    testHashProblems(in: work.mirror)
                }
            },
            Check(
                id: .mutationLedgers,
                title: "mutation ledgers (MUTANTS.md) are current for the solutions and tests, every survivor explained"
            ) { verifier, work, title in
                await verifier.mutationLedgers(title, in: work.mirror, chapters: work.chapters)
            },
            Check(id: .formatting, title: "formatting: swift format lint --strict") { verifier, work, title in
                await verifier.measure(title) {
                    try await verifier.formatProblems(in: work.mirror)
                }
            },
            Check(id: .sourceArticles, title: "no text repeats the source articles") { verifier, work, title in
                await verifier.seedOverlap(title, in: work.mirror)
            },
            Check(id: .workflows, title: "the GitHub workflows pass actionlint") { verifier, work, title in
                await verifier.workflowsLint(title, in: work.mirror)
            },
            buildCheck(.startersBuild, "starters", tools: \.starters),
            buildCheck(.solutionsBuild, "solutions", tools: \.solutions),
            buildCheck(.startersAppBuild, "starters", world: .app, tools: \.startersApp),
            buildCheck(.solutionsAppBuild, "solutions", world: .app, tools: \.solutionsApp),
            solutionsPassCheck(
                .solutionsPass, world: .library, needs: .solutionsBuild, tools: \.solutions, options: options),
            startersFailCheck(
                .startersFail, world: .library, needs: .startersBuild, tools: \.starters, options: options),
            solutionsPassCheck(
                .solutionsPassApp, world: .app, needs: .solutionsAppBuild, tools: \.solutionsApp, options: options),
            startersFailCheck(
                .startersFailApp, world: .app, needs: .startersAppBuild, tools: \.startersApp, options: options),
            Check(
                id: .markdown, title: "code in the Markdown compiles, or fails as it says",
                needs: [.startersBuild, .solutionsBuild]
            ) { verifier, work, title in
                await verifier.markdownCompiles(
                    title, in: work.mirror, starters: work.starters,
                    solutions: work.solutions)
            },
            Check(
                id: .catalogue,
                title: "the catalogue: every other sound design passes, every typical mistake is caught",
                needs: [.startersBuild], skippedBy: .catalogue
            ) { verifier, work, title in
                await verifier.catalogueHolds(
                    title, in: work.mirror,
                    chapters: work.chapters)
            },
            Check(
                id: .catalogueApp,
                title: "the catalogue in the app world: every other sound design passes, under Thread Sanitizer",
                needs: [.startersAppBuild], skippedBy: .catalogue
            ) { verifier, work, title in
                await verifier.catalogueHolds(title, in: work.mirror, chapters: work.chapters, world: .app)
            },
            Check(
                id: .threadSanitizer, title: "solutions are clean under Thread Sanitizer", needs: [.solutionsBuild],
                skippedBy: .threadSanitizer
            ) { verifier, work, title in
                let sanitized = RaceCheck(
                    workbook: work.mirror, mode: .solutions, world: .library,
                    scratchPath: verifier.workFolder.appendingPathComponent("tsan").path,
                    environment: ProcessInfo.processInfo.environment)
                return await verifier.threadSanitizer(
                    title, sanitized, chapters: work.chapters)
            },
            Check(
                id: .threadSanitizerApp, title: "solutions are clean under Thread Sanitizer in the app world",
                needs: [.solutionsAppBuild], skippedBy: .threadSanitizer
            ) { verifier, work, title in
                let sanitized = RaceCheck(
                    workbook: work.mirror, mode: .solutions, world: .app,
                    scratchPath: verifier.workFolder.appendingPathComponent("tsan-app").path,
                    environment: ProcessInfo.processInfo.environment)
                return await verifier.threadSanitizer(title, sanitized, chapters: work.chapters)
            },
            Check(
                id: .runnerTests, title: "the runner's own tests build, no warnings, and pass",
                whenNotPassed: "the runner's tests fail"
            ) { verifier, work, title in
                await verifier.runnerUnitTests(title, work.runner)
            },
            Check(id: .classReportInBrowser, title: "the class report, as a browser shows it", needs: [.runnerTests]) {
                verifier, work, title in
                await verifier.classReportInBrowser(title, work.runner)
            },
            Check(
                id: .classTableInPython, title: "the class table, read back by Python's csv module",
                needs: [.runnerTests]
            ) { verifier, work, title in
                await verifier.classTableInPython(title, work.runner)
            },
            Check(
                id: .classTableInSpreadsheet, title: "the class table, opened by a spreadsheet (LibreOffice)",
                needs: [.runnerTests]
            ) { verifier, work, title in
                await verifier.classTableInSpreadsheet(
                    title, work.runner)
            },
            Check(
                id: .classroom, title: "GitHub Classroom's graded commands: starters fail, solutions pass",
                needs: [.runnerTests], runsAlongside: true
            ) { verifier, work, title in
                await verifier.classroomCommands(
                    title, in: work.mirror)
            },
            Check(
                id: .scenarios, title: "the runner's scenarios (copies of the workbook in each state)",
                needs: [.runnerTests, .startersBuild], skippedBy: .scenarios, runsAlongside: true
            ) { verifier, work, title in
                await verifier.runnerScenarios(title, work.runner)
            },
        ]
    }

    /// " in the app world", or nothing for the library world, whose checks are the workbook's
    /// from before there were two.
    static func inWorld(_ world: WorkbookWorld) -> String { world == .app ? " in the app world" : "" }

    /// The check that `side` (starters or solutions) and the tests build with warnings as errors.
    static func buildCheck(
        _ id: CheckID, _ side: String, world: WorkbookWorld = .library, tools: KeyPath<Work, PackageTools> & Sendable
    ) -> Check {
        Check(
            id: id, title: "\(side) and tests build\(inWorld(world)), no warnings",
            whenNotPassed: "the \(side) do not build\(inWorld(world))"
        ) { verifier, work, title in
            await verifier.build(work[keyPath: tools], chapters: work.chapters, title: title)
        }
    }

    /// Every test passes against the solutions of `world`, on every run.
    static func solutionsPassCheck(
        _ id: CheckID, world: WorkbookWorld, needs: CheckID, tools: KeyPath<Work, PackageTools> & Sendable,
        options: Options
    ) -> Check {
        Check(
            id: id, title: "solutions pass every test\(inWorld(world)), \(options.runs) runs, two of them at once",
            needs: [needs]
        ) { verifier, work, title in
            let (step, runs) = await verifier.solutionsPass(title, work[keyPath: tools], chapters: work.chapters)
            work.solutionRuns.withLock { $0[world] = runs }
            return step
        }
    }

    /// Every chapter test fails against the starters of `world`, the same way on every run.
    static func startersFailCheck(
        _ id: CheckID, world: WorkbookWorld, needs: CheckID, tools: KeyPath<Work, PackageTools> & Sendable,
        options: Options
    ) -> Check {
        Check(
            id: id, title: "starters fail every chapter test\(inWorld(world)), the same way on \(options.runs) runs",
            needs: [needs]
        ) { verifier, work, title in
            await verifier.startersFail(
                title, work[keyPath: tools], chapters: work.chapters,
                solutionRuns: work.solutionRuns.withLock { $0[world] ?? [] }, workbook: work.mirror)
        }
    }

    /// Why `check` does not run, or `nil` when it does: the option that leaves it out, or else
    /// the checks it needs that did not pass (`outcomes` holds the checks that ran before it).
    static func skipReason(
        for check: Check, in checks: [Check], options: Options, outcomes: [CheckID: Step.Result]
    ) -> String? {
        if let option = check.skippedBy, options.leftOut.contains(option) { return "left out with \(option.rawValue)" }
        let missing = check.needs.filter { outcomes[$0] != .passed }
        guard !missing.isEmpty else { return nil }
        return missing.map { id in
            checks.first { $0.id == id }?.whenNotPassed
                ?? "\(checks.first { $0.id == id }?.title ?? id.rawValue) did not pass"
        }.joined(separator: " and ")
    }
}
