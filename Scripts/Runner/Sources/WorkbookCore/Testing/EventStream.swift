import Foundation

/// What became of one test.
public enum TestState: String, Codable, Sendable, CaseIterable {
    case passed
    case failed
    case skipped
    /// The run ended (or was stopped) before the test started.
    case notRun = "not run"
    /// The process died while the test was running.
    case crashed
    /// The test was still running when the chapter's time was up.
    case timedOut = "timed out"
}

/// One problem a test recorded: a failed expectation, a thrown error.
public struct TestIssue: Codable, Sendable, Equatable {
    /// What Swift Testing said, then the test's own explanation, one per line.
    public var message: String
    /// Where the issue was recorded, relative to the workbook.
    public var file: String?
    public var line: Int?

    package init(message: String, file: String? = nil, line: Int? = nil) {
        self.message = message
        self.file = file
        self.line = line
    }
}

/// One test of a chapter and what became of it.
public struct TestResult: Codable, Sendable, Equatable {
    /// Swift Testing's identifier: `Chapter1Tests.OneBoardTests/sameBoardEveryTime()/OneBoardTests.swift:6:6`.
    public var id: String
    /// The test's display name, or its function name.
    public var name: String
    /// The display name of the suite it belongs to.
    public var suite: String?
    public var file: String?
    public var line: Int?
    public var state: TestState
    public var issues: [TestIssue]
    /// The lesson's step the test belongs to (``TestFile/step(ofPath:)``): `2-NoSecondBoardTests.swift`
    /// → 2; `nil` for a file without one.
    public var step: Int? = nil

    package init(
        id: String, name: String, suite: String? = nil, file: String? = nil, line: Int? = nil, state: TestState,
        issues: [TestIssue], step: Int? = nil
    ) {
        self.id = id
        self.name = name
        self.suite = suite
        self.file = file
        self.line = line
        self.state = state
        self.issues = issues
        self.step = step
    }

    /// A `--filter` pattern that selects exactly this test.
    public var exactFilter: String { TestResult.filter(selecting: [id]) }

    /// Whether the test is one to fix: it failed, crashed, hung or could not run.
    public var needsWork: Bool { state != .passed && state != .skipped }

    /// Lesson order: by step (files without one last), then file, then line.
    public static func lessonOrder(_ first: TestResult, _ second: TestResult) -> Bool {
        (first.step ?? .max, first.file ?? "", first.line ?? 0, first.id)
            < (second.step ?? .max, second.file ?? "", second.line ?? 0, second.id)
    }
}

/// Reads Swift Testing's JSON event stream (schema version 0): one JSON object a line, first a
/// record of every test that will run, then events as the run goes.
public struct EventStream: Sendable {
    /// The tests found in the stream, in lesson order (``TestResult/lessonOrder(_:_:)``).
    public private(set) var tests: [TestResult] = []
    /// Whether the stream reports the end of the run (it does not if the process died).
    public private(set) var runEnded = false
    /// Issues that belong to no single test (a suite that could not be set up, say).
    public private(set) var otherIssues: [TestIssue] = []
    /// Tests that started and have not ended: running when the stream stops.
    public var unfinished: [TestResult] { tests.filter { started.contains($0.id) && !ended.contains($0.id) } }

    private var started: Set<String> = []
    private var ended: Set<String> = []

    /// Reads a whole stream. Lines that are not JSON (a half-written last line) are ignored.
    /// `relativeTo` turns absolute source paths into workbook-relative ones.
    public init(_ text: String, relativeTo workbook: Workbook? = nil) {
        let decoder = JSONDecoder()
        var records: [String: Payload] = [:]
        var suites: [String: String] = [:]
        var issues: [String: [TestIssue]] = [:]
        var skipped: Set<String> = []
        func location(_ source: SourceLocation?) -> (String?, Int?) {
            guard let source else { return (nil, nil) }
            let path = source.filePath ?? source.fileID
            return (path.map { workbook?.relativePath($0) ?? $0 }, source.line)
        }

        for line in text.split(separator: "\n") {
            guard let entry = try? decoder.decode(Line.self, from: Data(line.utf8)) else { continue }
            let payload = entry.payload
            switch (entry.kind, payload.kind) {
            case ("test", "suite"):
                if let id = payload.id { suites[id] = payload.displayName ?? payload.name }
            case ("test", "function"):
                if let id = payload.id { records[id] = payload }
            case ("event", "testStarted"):
                if let id = payload.testID { started.insert(id) }
            case ("event", "testEnded"):
                if let id = payload.testID { ended.insert(id) }
            case ("event", "testSkipped"):
                if let id = payload.testID { skipped.insert(id) }
            case ("event", "issueRecorded"):
                // Known issues (inside `withKnownIssue`) do not fail a test.
                guard payload.issue?.isKnown != true else { continue }
                let (file, line) = location(payload.issue?.sourceLocation)
                let message = (payload.messages ?? []).map(\.text).joined(separator: "\n")
                let issue = TestIssue(message: message, file: file, line: line)
                if let id = payload.testID, records[id] != nil {
                    issues[id, default: []].append(issue)
                } else {
                    otherIssues.append(issue)
                }
            case ("event", "runEnded"):
                runEnded = true
            default:
                continue
            }
        }

        tests = records.values.compactMap { record -> TestResult? in
            guard let id = record.id else { return nil }
            // The innermost suite is the longest suite identifier that starts this test's.
            let suite = suites.keys.filter { id.hasPrefix($0 + "/") }.max { $0.count < $1.count }
            let (file, line) = location(record.sourceLocation)
            let state: TestState
            let recorded = issues[id] ?? []
            if skipped.contains(id) {
                state = .skipped
            } else if ended.contains(id) {
                state = recorded.isEmpty ? .passed : .failed
            } else if started.contains(id) {
                // Still running when the stream stopped; the caller knows why it stopped.
                state = recorded.isEmpty ? .notRun : .failed
            } else {
                state = .notRun
            }
            return TestResult(
                id: id, name: record.displayName ?? record.name ?? id, suite: suite.flatMap { suites[$0] },
                file: file, line: line, state: state, issues: recorded, step: file.flatMap(TestFile.step(ofPath:)))
        }
        .sorted(by: TestResult.lessonOrder)
    }

    /// The results once the process that wrote the stream has ended: tests that were still running
    /// become `crashed` or `timedOut`, as `ending` says.
    public func results(ending: CommandResult.Ending) -> [TestResult] {
        let unfinishedIDs = Set(unfinished.map(\.id))
        return tests.map { test in
            guard unfinishedIDs.contains(test.id) else { return test }
            var test = test
            switch ending {
            case .timedOut: test.state = .timedOut
            case .signalled, .exited: test.state = runEnded ? test.state : .crashed
            }
            return test
        }
    }

    // MARK: - The JSON, as far as the runner needs it

    private struct Line: Decodable {
        let kind: String
        let payload: Payload
    }

    private struct Payload: Decodable {
        let kind: String
        // A test record.
        let id: String?
        let name: String?
        let displayName: String?
        let sourceLocation: SourceLocation?
        // An event.
        let testID: String?
        let messages: [Message]?
        let issue: Issue?
    }

    private struct Message: Decodable {
        let text: String
    }

    private struct Issue: Decodable {
        let isKnown: Bool?
        let sourceLocation: SourceLocation?
    }

    private struct SourceLocation: Decodable {
        let fileID: String?
        let filePath: String?
        let line: Int?

        enum CodingKeys: String, CodingKey {
            case fileID
            case filePath = "_filePath"
            case line
        }
    }
}
