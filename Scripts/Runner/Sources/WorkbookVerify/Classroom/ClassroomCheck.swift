import Foundation
import WorkbookCore

/// Runs the GitHub Classroom configuration's graded commands, read from
/// `.github/workflows/classroom.yml`, the way Classroom's command grader runs them (`bash -c`,
/// with only `PATH` and `HOME` from the environment, and `TMPDIR` for the toolchain's leftovers):
/// on the untouched starters, where each must fail, and on a copy with every solution laid over
/// its starter, where each must pass.
///
/// It works in one copy of the verifier's mirror (`.build-verify/classroom`), kept between runs so
/// that its builds are incremental: synced to the mirror (the starters), checked, then the
/// solutions laid over (`Solutions/ChapterN…/*.swift` and `TestDoubles/` over `Chapters/ChapterN…/`)
/// and checked again. The next run's sync puts the starters back.
public struct ClassroomCheck: Sendable {
    public var mirror: Workbook
    /// The copy to work in.
    public var copy: URL
    /// A built `workbook` tool to put where `Scripts/workbook` looks for it, so the copy does not
    /// build the runner again (the verifier passes its own executable); `nil` builds it.
    public var runnerTool: URL?
    /// The environment the commands get, as Classroom's grader gives them: `PATH` and `HOME`; and
    /// `TMPDIR`, so that what the toolchain leaves there goes where the verifier clears it.
    public var environment: [String: String]
    /// Told what is happening, for the verifier's log.
    public var note: @Sendable (String) -> Void = { _ in }

    public init(mirror: Workbook, copy: URL, runnerTool: URL?, environment: [String: String]) {
        self.mirror = mirror
        self.copy = copy
        self.runnerTool = runnerTool
        self.environment = environment.filter { ["PATH", "HOME", "TMPDIR"].contains($0.key) }
        self.environment["FORCE_COLOR"] = "true"
    }

    public struct Outcome: Sendable {
        public var problems: [String] = []
        /// Set when the check could not run here, with the reason.
        public var unavailable: String?
        /// How long each side took, for the record.
        public var timings: [String] = []
    }

    public func run() async throws -> Outcome {
        var outcome = Outcome()
        let configFile = mirror.root.appendingPathComponent(ClassroomConfig.path)
        guard let text = try? String(contentsOf: configFile, encoding: .utf8) else {
            outcome.problems = ["there is no \(ClassroomConfig.path)"]
            return outcome
        }
        let config = try ClassroomConfig(yaml: text)
        outcome.problems = config.problems(chapters: mirror.chapters.map(\.number))
        guard outcome.problems.isEmpty else { return outcome }

        _ = try await WorkbookCopy(of: mirror.root, at: copy).sync()
        try seedRunner()
        let help = try await Command(["bash", "-c", "./Scripts/progress --help"], in: copy, environment: environment)
            .run()
        guard help.output.contains("--check") else {
            outcome.problems.append(
                "./Scripts/progress --help does not mention --check, which every graded command uses")
            return outcome
        }

        let clock = ContinuousClock()
        var start = clock.now
        for test in config.tests {
            note("starters: \(test.command)")
            let result = try await run(test)
            if result.succeeded {
                outcome.problems.append(
                    "\(test.name): `\(test.command)` passed on the untouched starters; it must fail until the chapter is solved"
                )
            }
        }
        outcome.timings.append("\(config.tests.count) commands on the starters in \((clock.now - start).readable)")

        try laySolutionsOver()
        start = clock.now
        for test in config.tests {
            note("solutions: \(test.command)")
            let result = try await run(test)
            if !result.succeeded {
                outcome.problems.append(
                    "\(test.name): `\(test.command)` \(result.ending) on the solutions; it must pass:\n"
                        + result.output.split(separator: "\n").suffix(12).joined(separator: "\n"))
            }
        }
        outcome.timings.append("\(config.tests.count) commands on the solutions in \((clock.now - start).readable)")
        return outcome
    }

    /// Runs a graded test's setup and command as the grader does.
    func run(_ test: ClassroomConfig.GradedTest) async throws -> CommandResult {
        let limit = Duration.milliseconds(Int(test.timeout * 60_000))
        if !test.setupCommand.isEmpty {
            let setup = try await Command(
                ["bash", "-c", test.setupCommand], in: copy, environment: environment, timeLimit: limit
            )
            .run()
            guard setup.succeeded else { return setup }
        }
        return try await Command(["bash", "-c", test.command], in: copy, environment: environment, timeLimit: limit)
            .run()
    }

    /// Every chapter's solution files over its starter: the Swift files beside the walk-through
    /// and the `TestDoubles/` folder, never the catalogue or the Markdown.
    func laySolutionsOver() throws {
        let fileManager = FileManager.default
        for chapter in mirror.chapters {
            let solution = mirror.root.appendingPathComponent(chapter.solutionFolder)
            let starter = copy.appendingPathComponent(chapter.starterFolder)
            for name in try fileManager.contentsOfDirectory(atPath: solution.path).sorted() {
                let source = solution.appendingPathComponent(name)
                if name.hasSuffix(".swift") {
                    try replace(starter.appendingPathComponent(name), with: source)
                } else if name == "TestDoubles" {
                    for path in FileTree.paths(in: source) where path.hasSuffix(".swift") {
                        try replace(
                            starter.appendingPathComponent("TestDoubles/\(path)"),
                            with: source.appendingPathComponent(path))
                    }
                }
            }
        }
    }

    private func replace(_ target: URL, with source: URL) throws {
        let content = try Data(contentsOf: source)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try content.write(to: target)
    }

    /// Puts `runnerTool` where `Scripts/workbook` looks, newer than the runner's sources, so it is
    /// used as it is.
    func seedRunner() throws {
        guard let runnerTool, FileManager.default.isExecutableFile(atPath: runnerTool.path) else { return }
        let target = copy.appendingPathComponent("Scripts/Runner/.build-tool/debug/workbook")
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: runnerTool.resolvingSymlinksInPath(), to: target)
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: target.path)
    }
}
