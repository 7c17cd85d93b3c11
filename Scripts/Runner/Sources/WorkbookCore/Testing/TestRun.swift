import Foundation

/// One run of a test process: what Swift Testing reported in its event stream, and how the
/// process ended (``PackageTools/runTests(_:chapters:timeLimit:events:whenTimeIsUp:separateErrors:)``).
public struct TestRun: Sendable {
    public var events: EventStream
    public var process: CommandResult

    public init(events: EventStream, process: CommandResult) {
        self.events = events
        self.process = process
    }

    public var ending: CommandResult.Ending { process.ending }

    /// Every test with its result once the process ended: tests still running then became
    /// `crashed` or `timedOut` (``EventStream/results(ending:)``).
    public var tests: [TestResult] { events.results(ending: process.ending) }
}

extension Chapter {
    /// A `--filter` pattern that selects every test of the chapter.
    public var testFilter: String { "^" + NSRegularExpression.escapedPattern(for: testModule) + "\\." }
}

extension TestResult {
    /// A `--filter` pattern that selects exactly the tests with these identifiers.
    public static func filter(selecting ids: [String]) -> String {
        "^(" + ids.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|") + ")$"
    }
}
