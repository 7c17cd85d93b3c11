import Foundation

/// Where a chapter stands.
public enum ChapterState: String, Codable, Sendable {
    case done
    case inProgress = "in progress"
    case notStarted = "not started"
    case doesNotCompile = "does not compile"
    case crashed
    case timedOut = "timed out"
}

/// One chapter in the report.
public struct ChapterReport: Codable, Sendable {
    public var number: Int
    public var title: String
    public var state: ChapterState
    public var passed: Int
    /// How many tests the chapter has; `nil` when that is not known (it has not compiled yet).
    public var total: Int?
    /// Every test with its state and messages, in source order.
    public var tests: [TestResult]
    /// The first compiler errors, when the chapter does not compile.
    public var compileErrors: [CompilerError]
    /// How the chapter's test process ended, when it crashed or hung ("Fatal error: …").
    public var crash: String?
    /// The lesson to read.
    public var lesson: String

    // Format 2 (issue 16, classes): fields added for teachers' tools, kept together here.
    // Every one is optional, so that version 1 files still decode. Scripts/PROGRESS-FORMAT.md
    // documents them.

    /// What the learner did in the chapter (runs, first done, last activity, hints), from the
    /// runner's record in `.workbook/activity.json` (``ActivityLog``); absent when unknown.
    public var activity: ChapterActivity?

    public init(
        chapter: Chapter, state: ChapterState, tests: [TestResult], total: Int? = nil,
        compileErrors: [CompilerError] = [], crash: String? = nil
    ) {
        number = chapter.number
        title = chapter.title
        self.state = state
        self.tests = tests
        passed = tests.count { $0.state == .passed }
        self.total = total ?? (tests.isEmpty ? nil : tests.count)
        self.compileErrors = compileErrors
        self.crash = crash
        lesson = chapter.lesson
    }

    /// The state that follows from the tests, for a chapter whose tests ran to the end.
    public static func state(of tests: [TestResult]) -> ChapterState {
        if tests.contains(where: { $0.state == .crashed }) { return .crashed }
        if tests.contains(where: { $0.state == .timedOut }) { return .timedOut }
        let passed = tests.count { $0.state == .passed }
        if !tests.isEmpty && passed == tests.count { return .done }
        return passed == 0 ? .notStarted : .inProgress
    }
}

/// Everything `./Scripts/progress` knows, for people (rendered) and for tools (`--json`).
public struct Report: Codable, Sendable {
    /// The JSON's name and version, for tools that read it. Version 2 added `activity` to each
    /// chapter (see Scripts/PROGRESS-FORMAT.md, which describes every field).
    public var format = Report.currentFormat
    /// The format this runner writes.
    public static let currentFormat = "singletons-workbook-progress/2"
    public var generatedAt: Date
    /// The first line of `swift --version`.
    public var toolchain: String
    public var platform: String
    public var chapters: [ChapterReport]
    public var passed: Int
    /// The number of tests in all chapters, counting the last known number for a chapter that
    /// does not compile now.
    public var total: Int
    /// Problems that stop the workbook as a whole from building (not one chapter's).
    public var buildProblems: [String]

    public init(
        chapters: [ChapterReport], toolchain: String, buildProblems: [String] = [], generatedAt: Date = Date()
    ) {
        self.generatedAt = generatedAt
        self.toolchain = toolchain
        #if os(macOS)
            platform = "macOS"
        #else
            platform = "Linux"
        #endif
        self.chapters = chapters
        passed = chapters.reduce(0) { $0 + $1.passed }
        total = chapters.reduce(0) { $0 + ($1.total ?? 0) }
        self.buildProblems = buildProblems
    }

    /// The first chapter that is not done: the one to work on.
    public var current: ChapterReport? {
        chapters.first { $0.state != .done }
    }

    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    public static func decode(_ data: Data) throws -> Report {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(Report.self, from: data)
    }
}
