import Foundation

/// A test file that is not as the workbook shipped it.
public struct ChangedTestFile: Codable, Sendable, Equatable, Hashable {
    public enum Change: String, Codable, Sendable {
        /// Its content differs from the original.
        case changed
        /// The workbook has no such test file.
        case added
        /// An original test file that is gone.
        case missing
    }

    /// Workbook-relative: `Tests/Chapter1Tests/1-OneBoardTests.swift`.
    public var path: String
    public var change: Change

    /// "Tests/Chapter1Tests/1-OneBoardTests.swift (changed)"
    public var summary: String { "\(path) (\(change.rawValue))" }
}

/// The committed list of the test files' SHA-256 hashes, `Tests/SHA256SUMS`, in the format
/// `sha256sum` writes and reads (`sha256sum -c Tests/SHA256SUMS` from the workbook's root checks
/// it by hand). The runner compares the tests with it, so a changed test is flagged in every
/// report (learners are not stopped); `./Scripts/verify` proves the list matches the committed
/// tests, and `./Scripts/verify --refresh-test-hashes` writes it anew.
public enum TestHashes {
    public static let listPath = "Tests/SHA256SUMS"

    /// The files the list covers: every Swift file of the chapters' tests (`Tests/ChapterN…/`, in
    /// every subfolder) and of the shared helpers (`Tests/WorkbookSupport/`), workbook-relative.
    public static func files(in workbook: Workbook) -> [String] {
        FileTree.files(in: ["Tests"], of: workbook) { path in
            path.hasSuffix(".swift") && (path.hasPrefix("Chapter") || path.hasPrefix("WorkbookSupport/"))
        }
        .keys.sorted()
    }

    /// Path → hex digest of every file the list covers, as they are now.
    public static func current(in workbook: Workbook) -> [String: String] {
        var hashes: [String: String] = [:]
        for path in files(in: workbook) {
            if let data = FileManager.default.contents(atPath: workbook.root.appendingPathComponent(path).path) {
                hashes[path] = SHA256.hex(data)
            }
        }
        return hashes
    }

    /// `sha256sum`'s format: the digest, two spaces, the path; sorted by path.
    public static func render(_ hashes: [String: String]) -> String {
        hashes.keys.sorted().map { "\(hashes[$0]!)  \($0)\n" }.joined()
    }

    /// Reads `sha256sum`'s format (a `*` before the path marks binary mode and is dropped).
    public static func parse(_ text: String) -> [String: String] {
        var hashes: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].count == 64 else { continue }
            var path = parts[1].drop { $0 == " " }
            if path.first == "*" { path = path.dropFirst() }
            hashes[String(path)] = parts[0].lowercased()
        }
        return hashes
    }

    /// The committed list, or `nil` when the workbook has none.
    public static func committed(in workbook: Workbook) -> [String: String]? {
        let url = workbook.root.appendingPathComponent(listPath)
        return (try? String(contentsOf: url, encoding: .utf8)).map(parse)
    }

    /// Every test file that differs from the list, sorted by path; `nil` when there is no list.
    public static func changes(in workbook: Workbook) -> [ChangedTestFile]? {
        guard let original = committed(in: workbook) else { return nil }
        return compare(original: original, current: current(in: workbook))
    }

    public static func compare(original: [String: String], current: [String: String]) -> [ChangedTestFile] {
        var changes: [ChangedTestFile] = []
        for path in Set(original.keys).union(current.keys).sorted() {
            switch (original[path], current[path]) {
            case (let before?, let now?) where before != now: changes.append(.init(path: path, change: .changed))
            case (nil, _?): changes.append(.init(path: path, change: .added))
            case (_?, nil): changes.append(.init(path: path, change: .missing))
            default: continue
            }
        }
        return changes
    }

    /// The changes that concern `chapter`: its own tests, and the shared helpers every chapter uses.
    public static func changes(_ all: [ChangedTestFile], for chapter: Chapter) -> [ChangedTestFile] {
        all.filter { $0.path.hasPrefix(chapter.testsFolder + "/") || $0.path.hasPrefix("Tests/WorkbookSupport/") }
    }

    /// Writes the list for the tests as they are now; returns how many files it lists.
    @discardableResult
    public static func write(in workbook: Workbook) throws -> Int {
        let hashes = current(in: workbook)
        try render(hashes).write(
            to: workbook.root.appendingPathComponent(listPath), atomically: true, encoding: .utf8)
        return hashes.count
    }
}
