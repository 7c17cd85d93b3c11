import Foundation

/// A student's progress file (`./Scripts/progress --json`) as the class report reads it.
///
/// This is the reader of the documented format (`Scripts/PROGRESS-FORMAT.md`), apart from the
/// runner's ``Report``, which writes it: it reads every version it names in ``readableVersions``,
/// maps what an older version lacks, and skips fields it does not know. A chapter's state is kept
/// as text, so that a state added by a newer runner is shown as it is rather than making the
/// whole file unreadable.
public struct ProgressFile: Sendable {
    /// The versions of `singletons-workbook-progress/N` this reader understands.
    public static let readableVersions = [1, 2]
    static let formatPrefix = "singletons-workbook-progress/"

    public var version: Int
    /// When the student's runner made the file.
    public var generatedAt: Date?
    public var chapters: [Chapter]
    public var passed: Int
    public var total: Int
    /// Whether the student changed the workbook's tests: `nil` when the file does not say
    /// (version 1, or a runner that does not check).
    public var changedTests: Bool?
    /// The changed test files the file names ("Tests/Chapter3Tests/2-…Tests.swift (changed)"),
    /// all chapters together; empty when it names none.
    public var changedTestFiles: [String]
    /// The world the chapters were compiled in, as the file names it (`library` or `app`, or a
    /// world a newer runner adds); `library` for a file from before there were two.
    public var world: String
    /// The chapters a partial hand-in covers (`./Scripts/progress N --json`); `nil` for a whole one.
    public var coveredChapters: [Int]?

    public struct Chapter: Sendable {
        public var number: Int
        public var title: String
        /// "done", "in progress", "not started", "does not compile", "crashed", "timed out",
        /// "data race", or a state a newer runner adds.
        public var state: String
        public var passed: Int
        public var total: Int?
        public var tests: [Test]
        public var compileErrors: [CompilerError]
        public var crash: String?
        /// Version 2: runs, first done, last activity, hints shown.
        public var activity: ChapterActivity?
        /// Whether the student changed this chapter's tests, when the file says.
        public var changedTests: Bool?
        /// This chapter's changed test files, as the file names them ("path (changed)").
        public var changedTestFiles: [String] = []
    }

    public struct Test: Sendable {
        public var name: String
        public var file: String?
        public var state: String
        /// The lesson's step the test belongs to: the file's own `step` when it has one, else the
        /// leading number of the test file's name (`2-SharedStateTests.swift` is step 2).
        public var step: Int?
        /// The messages of its issues, as the runner recorded them.
        public var messages: [String]
    }

    /// Reads a progress file; throws ``Problem`` with a reason a teacher can act on.
    public init(data: Data) throws(Problem) {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { throw .empty }
        guard let object = try? JSONSerialization.jsonObject(with: data) else {
            // The text report, saved instead of the JSON: say how to hand it in.
            let text = String(decoding: data.prefix(200), as: UTF8.self)
            if text.hasPrefix("Singletons workbook") || text.hasPrefix("Chapter ") { throw .textReport }
            throw .notJSON
        }
        guard let format = (object as? [String: Any])?["format"] as? String else { throw .notAProgressReport }
        guard format.hasPrefix(Self.formatPrefix), let version = Int(format.dropFirst(Self.formatPrefix.count)) else {
            throw .notAProgressReport
        }
        guard Self.readableVersions.contains(version) else { throw .unreadableVersion(format) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let file = try? decoder.decode(Stored.self, from: data) else { throw .damaged }
        self.version = version
        generatedAt = file.generatedAt
        chapters = file.chapters.map { chapter in
            // A chapter is done only with the workbook's own tests: a file from a runner that
            // still said "done" beside changed tests reads as the runner now says it.
            let changed = chapter.changedTests?.value == true
            return Chapter(
                number: chapter.number, title: chapter.title,
                state: chapter.state == "done" && changed ? "tests changed" : chapter.state, passed: chapter.passed,
                total: chapter.total,
                tests: (chapter.tests ?? []).map { test in
                    Test(
                        name: test.name, file: test.file, state: test.state,
                        step: test.step ?? test.file.flatMap(TestFile.step(ofPath:)),
                        messages: (test.issues ?? []).map(\.message))
                },
                compileErrors: chapter.compileErrors ?? [], crash: chapter.crash, activity: chapter.activity,
                changedTests: chapter.changedTests?.value, changedTestFiles: chapter.changedTests?.files ?? [])
        }
        passed = file.passed ?? chapters.reduce(0) { $0 + $1.passed }
        total = file.total ?? chapters.reduce(0) { $0 + ($1.total ?? 0) }
        let perChapter = chapters.compactMap(\.changedTests)
        changedTests = file.changedTests?.value ?? (perChapter.isEmpty ? nil : perChapter.contains(true))
        var files = file.changedTests?.files ?? []
        for chapter in chapters { files += chapter.changedTestFiles.filter { !files.contains($0) } }
        changedTestFiles = files
        world = file.world ?? WorkbookWorld.library.rawValue
        coveredChapters = file.coveredChapters
    }

    /// Why a file cannot be used, in the words the class report prints after the file's name.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case empty
        case notJSON
        /// The report as the terminal shows it, saved instead of `--json`.
        case textReport
        case notAProgressReport
        /// A progress file of a version this reader does not know (its `format`).
        case unreadableVersion(String)
        case damaged

        public var description: String {
            switch self {
            case .empty: "is empty"
            case .notJSON: "is not complete JSON: cut short, or not a progress file"
            case .textReport:
                "is the report as the terminal shows it, not the file to hand in: "
                    + "ask for ./Scripts/progress --json > NAME.json"
            case .notAProgressReport: "is not a progress report (make one with ./Scripts/progress --json)"
            case .unreadableVersion(let format):
                "comes from another version of the workbook (\(format)); this class report reads "
                    + ProgressFile.readableVersions.map { "\(ProgressFile.formatPrefix)\($0)" }.joined(
                        separator: " and ")
            case .damaged: "is a progress report with missing or damaged parts"
            }
        }
    }

    // MARK: - The file as stored, every version at once

    /// Fields of version 1, plus the optional fields of version 2 (`step` on a test,
    /// `changedTests`, `activity`, `world`), all tolerant of absence.
    private struct Stored: Decodable {
        var generatedAt: Date?
        var chapters: [StoredChapter]
        var passed: Int?
        var total: Int?
        var changedTests: Flag?
        var world: String?
        var coveredChapters: [Int]?
    }

    private struct StoredChapter: Decodable {
        var number: Int
        var title: String
        var state: String
        var passed: Int
        var total: Int?
        var tests: [StoredTest]?
        var compileErrors: [CompilerError]?
        var crash: String?
        var activity: ChapterActivity?
        var changedTests: Flag?
    }

    private struct StoredTest: Decodable {
        var name: String
        var file: String?
        var state: String
        var step: Int?
        var issues: [StoredIssue]?
    }

    private struct StoredIssue: Decodable {
        var message: String
    }

    /// A yes or no given as `true`/`false`, a count, or a list (of changed tests: yes when it is
    /// not empty). The runner writes a list of changed files, at the top level and per chapter;
    /// anything else reads as "not said".
    private struct Flag: Decodable {
        var value: Bool?
        /// The files a list names, each "path (change)" (or its path alone, without a change).
        var files: [String] = []

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                value = flag
            } else if let count = try? container.decode(Int.self) {
                value = count > 0
            } else if let list = try? container.decode([NamedFile].self) {
                value = !list.isEmpty
                files = list.compactMap { file in
                    file.path.map { path in file.change.map { "\(path) (\($0))" } ?? path }
                }
            } else {
                value = nil
            }
        }
    }

    /// A changed test file as the runner lists it (`path` and `change`), or a path alone; any other
    /// value reads as a file not named.
    private struct NamedFile: Decodable {
        var path: String?
        var change: String?

        init(from decoder: any Decoder) throws {
            if let path = try? decoder.singleValueContainer().decode(String.self) {
                self.path = path
                return
            }
            let container = try? decoder.container(keyedBy: Key.self)
            path = try? container?.decodeIfPresent(String.self, forKey: .path)
            change = try? container?.decodeIfPresent(String.self, forKey: .change)
        }

        enum Key: String, CodingKey { case path, change }
    }
}
