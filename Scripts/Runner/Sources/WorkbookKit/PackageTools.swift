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
    /// SwiftPM's scratch folder; `nil` is SwiftPM's own `.build`, which `swift test` shares.
    public var scratchPath: String?
    /// Extra arguments for `swift build`, such as `-Xswiftc -warnings-as-errors`.
    public var buildArguments: [String] = []
    /// The environment the tools run in, without the workbook's own switches.
    public var environment: [String: String]

    public init(
        workbook: Workbook, mode: WorkbookMode = .starters, scratchPath: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.workbook = workbook
        self.packageFolder = workbook.root
        self.mode = mode
        self.scratchPath = scratchPath
        self.environment = environment.filter { !$0.key.hasPrefix("WORKBOOK") }
    }

    /// The runner's own package (`Scripts/Runner/`): the runner, the verifier and their tests.
    public static func runner(of workbook: Workbook, scratchPath: String) -> PackageTools {
        var tools = PackageTools(workbook: workbook, scratchPath: scratchPath)
        tools.packageFolder = workbook.root.appendingPathComponent("Scripts/Runner")
        return tools
    }

    /// The environment for SwiftPM: the mode, and the chapters to include (`nil`: all of them, so
    /// that the build is the very one a plain `swift test` makes and reuses).
    public func environment(chapters: Set<Int>?) -> [String: String] {
        var environment = self.environment
        if mode == .solutions { environment["WORKBOOK"] = "solutions" }
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

    /// `swift build --build-tests` for the given chapters.
    public func build(chapters: Set<Int>?, log: URL? = nil) async throws -> CommandResult {
        try await Command(
            ["swift", "build", "--build-tests"] + scratchArguments + buildArguments,
            in: packageFolder, environment: environment(chapters: chapters)
        ).run(log: log)
    }

    /// Runs the tests that `filter` selects, writing Swift Testing's event stream to `events`.
    ///
    /// On Linux the test binary is run directly, which saves SwiftPM's start-up for every chapter;
    /// elsewhere `swift test --skip-build` runs it.
    public func test(
        filter: String, events: URL, chapters: Set<Int>?, timeLimit: Duration?, log: URL? = nil
    ) async throws -> CommandResult {
        let options = [
            "--filter", filter, "--event-stream-output-path", events.path, "--event-stream-version", "0",
        ]
        var arguments = ["swift", "test", "--skip-build"] + scratchArguments + options
        #if os(Linux)
            if let binary = testBinary() {
                arguments = [binary.path, "--testing-library", "swift-testing"] + options
            }
        #endif
        try? FileManager.default.removeItem(at: events)
        return try await Command(
            arguments, in: packageFolder, environment: environment(chapters: chapters), timeLimit: timeLimit
        ).run(log: log)
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

    /// The first line of `swift --version`.
    public func toolchainVersion() async -> String {
        let result = try? await Command(["swift", "--version"], in: workbook.root, environment: environment).run()
        let line = result?.output.split(separator: "\n").first { $0.contains("Swift version") }
        return line.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
    }
}
