import Foundation

/// Which code the tests are compiled against.
public enum WorkbookMode: String, Sendable {
    /// The learner's code in `Chapters/`.
    case starters
    /// The reference solutions in `Solutions/` (`WORKBOOK=solutions`).
    case solutions
}

/// Builds the workbook with SwiftPM and runs its tests, one selection at a time.
public struct PackageTools: Sendable {
    public let workbook: Workbook
    /// The package to build: the course at the workbook's root, or the runner's own package in
    /// `Scripts/Runner/` (see ``runner(of:scratchPath:)``).
    public var packageFolder: URL
    public var mode: WorkbookMode
    /// The world the chapters are compiled in, passed to SwiftPM as `WORKBOOK_WORLD` on every
    /// build and run, so that it never depends on what the manifest would guess.
    public var world: WorkbookWorld
    /// SwiftPM's scratch folder; `nil` is SwiftPM's own `.build`, which `swift test` shares.
    public var scratchPath: String?
    /// Extra arguments for `swift build`, such as `-Xswiftc -warnings-as-errors`.
    public var buildArguments: [String] = []

    /// For a build in a scratch folder of its own: the index (which test discovery on Linux needs)
    /// leaves out the system's modules. Indexing Foundation and the test libraries again in each
    /// scratch folder made a first build of a chapter with its tests take 16 s instead of 9.5 s
    /// here. Never for `.build`, which `swift test` shares: a different flag would make the two
    /// rebuild everything in turn.
    public static let ownIndexOnly = ["-Xswiftc", "-index-ignore-system-modules"]
    /// A warning fails the build: the workbook ships none, in starters, solutions or the runner.
    public static let warningsAsErrors = ["-Xswiftc", "-warnings-as-errors"]
    /// The verifier's plain builds, each in a scratch folder of its own.
    public static let verifying = warningsAsErrors + ownIndexOnly

    /// The environment the tools run in, without the workbook's own switches.
    public var environment: [String: String]

    /// `world` `nil` takes the world `Package.swift` would build in `environment` (see
    /// ``WorkbookWorld/chosen(for:environment:)``), or the library world where that is not a
    /// world: check it first with `chosen` where a wrong value must be reported.
    public init(
        workbook: Workbook, mode: WorkbookMode = .starters, world: WorkbookWorld? = nil, scratchPath: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.workbook = workbook
        self.packageFolder = workbook.root
        self.mode = mode
        self.world = world ?? (try? WorkbookWorld.chosen(for: workbook, environment: environment)) ?? .library
        self.scratchPath = scratchPath
        self.environment = environment.filter { !$0.key.hasPrefix("WORKBOOK") }
    }

    /// The runner's own package (`Scripts/Runner/`): the runner, the verifier and their tests.
    public static func runner(of workbook: Workbook, scratchPath: String) -> PackageTools {
        var tools = PackageTools(workbook: workbook, scratchPath: scratchPath)
        tools.packageFolder = workbook.root.appendingPathComponent("Scripts/Runner")
        return tools
    }

    /// The environment for SwiftPM: the mode, the world, and the chapters to include (`nil`: all of them, so
    /// that the build is the very one a plain `swift test` makes and reuses).
    public func environment(chapters: Set<Int>?) -> [String: String] {
        var environment = self.environment
        if mode == .solutions { environment["WORKBOOK"] = "solutions" }
        environment[WorkbookWorld.variable] = world.rawValue
        if let chapters { environment["WORKBOOK_CHAPTERS"] = chapters.sorted().map(String.init).joined(separator: ",") }
        return environment
    }

    private var scratchArguments: [String] { scratchPath.map { ["--scratch-path", $0] } ?? [] }

    /// The scratch folder as a URL.
    public var scratchFolder: URL {
        guard let scratchPath else { return packageFolder.appendingPathComponent(".build") }
        return scratchPath.hasPrefix("/")
            ? URL(fileURLWithPath: scratchPath) : packageFolder.appendingPathComponent(scratchPath)
    }

    /// `swift build --build-tests` for the given chapters: the one build of the chapters and their
    /// tests that the runner, the race check and the verifier share. A link that fails while every
    /// source compiled is a stale build (see ``StaleBuild``): the modules it names are removed and
    /// the build runs once more, and `notices` says so. A build that stops at a broken plan is
    /// planned again the same way.
    public func build(chapters: Set<Int>?, log: URL? = nil) async throws -> CommandResult {
        let command = Command(
            ["swift", "build", "--build-tests"] + scratchArguments + buildArguments,
            in: packageFolder, environment: environment(chapters: chapters))
        return try await healing(command, log: log)
    }

    /// Runs a build; when it fails as a stale link or a broken plan (see ``StaleBuild``), clears
    /// what is stale and runs it once more, and says so in `notices`.
    private func healing(_ command: Command, log: URL? = nil) async throws -> CommandResult {
        let first = try await command.run(log: log)
        guard !first.succeeded, first.ending != .timedOut else { return first }
        let notice: (Bool) -> String
        if StaleBuild.isBrokenPlan(first.output) {
            StaleBuild.forgetPlan(in: scratchFolder)
            notice = { StaleBuild.brokenPlanNotice(healed: $0) }
        } else if StaleBuild.isStaleLink(first.output) {
            let removed = StaleBuild.removeStaleObjects(in: scratchFolder, output: first.output)
            notice = { StaleBuild.notice(removed: removed, healed: $0) }
        } else {
            return first
        }
        var again = try await command.run(log: log)
        again.duration += first.duration
        again.notices.append(notice(again.succeeded))
        return again
    }

    /// `swift build --target <target>` for the given chapters: that target and what it depends on,
    /// no tests.
    public func build(target: String, chapters: Set<Int>?) async throws -> CommandResult {
        try await healing(
            Command(
                ["swift", "build", "--target", target] + scratchArguments + buildArguments,
                in: packageFolder, environment: environment(chapters: chapters)))
    }

    /// Runs the tests that `filter` selects and reads what they reported: the one way the runner,
    /// the race check and the verifier run tests. Swift Testing writes its event stream to
    /// `events`, which is read once the process has ended and then removed.
    ///
    /// On Linux the test binary is run directly, which saves SwiftPM's start-up for every chapter;
    /// elsewhere `swift test --skip-build` runs it.
    ///
    /// `whenTimeIsUp: .backtrace` asks the Swift runtime where every thread is before the process
    /// is stopped (in `CommandResult.errors` with `separateErrors`). That needs the test process
    /// itself to get the signal, which only the direct run on Linux gives; through `swift test`
    /// (macOS) the process is stopped without a backtrace.
    public func runTests(
        _ filter: String, chapters: Set<Int>?, timeLimit: Duration?, events: URL,
        whenTimeIsUp: Command.TimeUp = .stop, separateErrors: Bool = false
    ) async throws -> TestRun {
        defer { try? FileManager.default.removeItem(at: events) }
        let process = try await test(
            filter: filter, events: events, chapters: chapters, timeLimit: timeLimit, whenTimeIsUp: whenTimeIsUp,
            separateErrors: separateErrors)
        let stream = EventStream((try? String(contentsOf: events, encoding: .utf8)) ?? "", relativeTo: workbook)
        return TestRun(events: stream, process: process)
    }

    /// The test process itself, for ``runTests(_:chapters:timeLimit:events:whenTimeIsUp:separateErrors:)``.
    private func test(
        filter: String, events: URL, chapters: Set<Int>?, timeLimit: Duration?,
        whenTimeIsUp: Command.TimeUp, separateErrors: Bool
    ) async throws -> CommandResult {
        let options = [
            "--filter", filter, "--event-stream-output-path", events.path, "--event-stream-version", "0",
        ]
        var arguments = ["swift", "test", "--skip-build"] + scratchArguments + options
        var direct = false
        #if os(Linux)
            if let binary = testBinary() {
                arguments = [binary.path, "--testing-library", "swift-testing"] + options
                direct = true
            }
        #endif
        try? FileManager.default.removeItem(at: events)
        var environment = environment(chapters: chapters)
        if case .backtrace = whenTimeIsUp { environment.merge(Backtrace.environment) { $1 } }
        var command = Command(arguments, in: packageFolder, environment: environment, timeLimit: timeLimit)
        // SwiftPM stops the test process it started when it gets SIGTERM; a test binary run
        // directly is killed with everything it started.
        command.whenCancelled = direct ? .kill : .terminate
        command.whenTimeIsUp = direct ? whenTimeIsUp : .stop
        return try await command.run(separateErrors: separateErrors)
    }

    /// Whether several test runs can go at once. Only when the test binary runs directly:
    /// `swift test` holds SwiftPM's lock on the scratch folder, so a second one would wait, with
    /// its time limit running.
    public var runsTestsConcurrently: Bool {
        #if os(Linux)
            testBinary() != nil
        #else
            false
        #endif
    }

    /// The test executable SwiftPM linked (Linux: `<scratch>/debug/<Package>PackageTests.xctest`).
    public func testBinary() -> URL? {
        let debug = scratchFolder.appendingPathComponent("debug")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: debug.path)) ?? []
        return names.first { $0.hasSuffix("PackageTests.xctest") }.map { debug.appendingPathComponent($0) }
    }

    /// The first line of `swift --version`, remembered in the scratch folder for as long as the
    /// `swift` on the PATH is the same file (asking takes a few tenths of a second).
    public func toolchainVersion() async -> String {
        let swift = ProgramLookup.onPath("swift").map { URL(fileURLWithPath: $0).resolvingSymlinksInPath() }
        let modified = swift.flatMap {
            (try? FileManager.default.attributesOfItem(atPath: $0.path))?[.modificationDate] as? Date
        }
        let key = "\(swift?.path ?? "?") \(modified?.timeIntervalSince1970 ?? 0)"
        let cache = scratchFolder.appendingPathComponent("workbook-toolchain.txt")
        if let saved = try? String(contentsOf: cache, encoding: .utf8) {
            let lines = saved.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count >= 2, lines[0] == key { return String(lines[1]) }
        }
        let result = try? await Command(["swift", "--version"], in: workbook.root, environment: environment).run()
        let line = result?.output.split(separator: "\n").first { $0.contains("Swift version") }
        guard let version = line.map({ $0.trimmingCharacters(in: .whitespaces) }) else { return "unknown" }
        try? FileManager.default.createDirectory(at: scratchFolder, withIntermediateDirectories: true)
        try? "\(key)\n\(version)\n".write(to: cache, atomically: true, encoding: .utf8)
        return version
    }
}
