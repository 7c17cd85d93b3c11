import Foundation

/// Where a chapter stands.
public enum ChapterState: String, Codable, Sendable {
    case done
    case inProgress = "in progress"
    case notStarted = "not started"
    case doesNotCompile = "does not compile"
    case crashed
    case timedOut = "timed out"
    /// Every test passes, but Thread Sanitizer saw a data race while they ran (the race check).
    case dataRace = "data race"
    /// Every test passes, but some of the chapter's test files (or the shared helpers) differ from
    /// the workbook's originals, so the chapter is not done: the one verdict of the table, the
    /// class report and `--check`.
    case testsChanged = "tests changed"
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

    // MARK: The learner's loop (issue 15): where the learner is, changed tests, the race check.
    // All optional, so that reports written by an earlier runner still read.

    /// The step the learner is on: the lowest step (test file number) with a test that does not
    /// pass yet; `nil` when every test passes or none has run.
    public var step: Int?
    /// When the learner last changed the chapter's files (the newest modification time of its
    /// starter files, TestDoubles included); `nil` when they are as the workbook was unpacked.
    public var changedAt: Date?
    /// Test files of this chapter (and shared helpers) that differ from the workbook's originals
    /// (`Tests/SHA256SUMS`); `nil` when the workbook has no list to compare with.
    public var changedTests: [ChangedTestFile]?
    /// The race check's verdict, once every test passed; `nil` before.
    public var raceCheck: RaceCheckResult?
    /// What the chapter's tests printed (`print()`, standard output), last lines only, when a
    /// test failed; `nil` when they printed nothing.
    public var printed: String?
    /// Where the tests were when their time ran out: the first frame in the learner's files.
    public var hang: HangLocation?

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
        step = Self.step(of: tests)
    }

    /// Records the chapter's changed test files. Done means done with the workbook's tests: a
    /// chapter whose tests all pass with changed test files is `tests changed`, the one verdict
    /// of the overview, the class report and `--check`.
    public mutating func note(changedTests changed: [ChangedTestFile]) {
        changedTests = changed
        if !changed.isEmpty && state == .done { state = .testsChanged }
    }

    /// The lowest step with a test to fix.
    public static func step(of tests: [TestResult]) -> Int? {
        tests.filter(\.needsWork).compactMap(\.step).min()
    }

    /// The first test to fix, in lesson order.
    public var nextTest: TestResult? {
        tests.sorted(by: TestResult.lessonOrder).first(where: \.needsWork)
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
    /// The world the chapters were compiled in (`WORKBOOK_WORLD`); `nil` in reports from before
    /// there were two, which were all in the library world.
    public var world: WorkbookWorld?

    // MARK: The learner's loop (issue 15)

    /// Every test file that differs from the workbook's originals (`Tests/SHA256SUMS`); `nil`
    /// when the workbook has no list to compare with.
    public var changedTests: [ChangedTestFile]?
    /// The chapters this report covers when it covers only some (`./Scripts/progress N --json`);
    /// `nil` for a whole report. A class report marks such a hand-in as partial.
    public var coveredChapters: [Int]?

    public init(
        chapters: [ChapterReport], toolchain: String, buildProblems: [String] = [], world: WorkbookWorld = .library,
        generatedAt: Date = Date()
    ) {
        self.generatedAt = generatedAt
        self.world = world
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

    /// The chapter to work on: of those not done, the one the learner changed last; when they
    /// changed none, the first.
    public var current: ChapterReport? {
        let open = chapters.filter { $0.state != .done }
        let changed = open.compactMap { chapter in chapter.changedAt.map { (chapter, $0) } }
        return changed.max { $0.1 < $1.1 }?.0 ?? open.first
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
