import Foundation
import WorkbookCore

/// Runs the race check for the runner: each chapter whose tests all pass is run again under
/// Thread Sanitizer (`RaceCheck`, in `.build-tsan`, that chapter only), and the verdict is kept,
/// keyed by the content of the chapter's starter files and tests, so that it runs again only
/// after a change.
struct ChapterRaceCheck: Sendable {
    let check: RaceCheck
    var timeLimit: Duration
    /// Remembered with each verdict: a new toolchain checks again.
    var toolchain: String

    var workbook: Workbook { check.tools.workbook }
    private var cacheFile: URL { check.tools.scratchFolder.appendingPathComponent("workbook-race-checks.json") }

    /// What the verdict depends on: the chapter's starter files (TestDoubles included), its tests,
    /// the shared test helpers, the manifest and the world (and, kept beside it, the toolchain).
    static func key(
        for chapter: Chapter, in workbook: Workbook, world: WorkbookWorld, shared: String? = nil
    ) -> String {
        var hasher = SHA256()
        // A verdict in one world says nothing of the other: the same code may be isolated differently.
        hasher.update(Array("world \(world.rawValue)".utf8) + [0])
        hasher.update(Array(digest(of: [chapter.starterFolder, chapter.testsFolder], in: workbook).utf8) + [0])
        // What every chapter shares (the test kit, the manifest), hashed once for all of them.
        hasher.update(Array((shared ?? sharedDigest(in: workbook)).utf8))
        return hasher.finish().map { String(format: "%02x", $0) }.joined()
    }

    /// The digest of what every chapter's verdict also depends on: `Tests/WorkbookSupport` and
    /// `Package.swift`.
    static func sharedDigest(in workbook: Workbook) -> String {
        digest(of: ["Tests/WorkbookSupport"], in: workbook, also: ["Package.swift"])
    }

    /// The digest of the Swift files under `folders` (paths and contents), and of the files `also`.
    static func digest(of folders: [String], in workbook: Workbook, also: [String] = []) -> String {
        var hasher = SHA256()
        let files = FileTree.files(in: folders, of: workbook) { $0.hasSuffix(".swift") }
        for (path, full) in files.sorted(by: { $0.key < $1.key }) {
            hasher.update(Array(path.utf8) + [0])
            hasher.update(FileManager.default.contents(atPath: full) ?? Data())
            hasher.update([0])
        }
        for path in also {
            hasher.update(
                FileManager.default.contents(atPath: workbook.root.appendingPathComponent(path).path) ?? Data())
        }
        return hasher.finish().map { String(format: "%02x", $0) }.joined()
    }

    private struct Entry: Codable {
        var key: String
        var toolchain: String
        var result: RaceCheckResult
    }

    private func cache() -> [String: Entry] {
        guard let data = try? Data(contentsOf: cacheFile) else { return [:] }
        return (try? JSONDecoder().decode([String: Entry].self, from: data)) ?? [:]
    }

    /// The remembered verdict for `chapter`, if its files still have `key`.
    func cached(_ chapter: Chapter, key: String) -> RaceCheckResult? {
        guard let entry = cache()[String(chapter.number)], entry.key == key, entry.toolchain == toolchain else {
            return nil
        }
        var result = entry.result
        result.cached = true
        return result
    }

    func remember(_ result: RaceCheckResult, for chapter: Chapter, key: String) {
        var entries = cache()
        entries[String(chapter.number)] = Entry(key: key, toolchain: toolchain, result: result)
        try? FileManager.default.createDirectory(at: check.tools.scratchFolder, withIntermediateDirectories: true)
        if let data = try? JSONEncoder().encode(entries) { try? data.write(to: cacheFile) }
    }

    /// Builds the chapters with Thread Sanitizer (their files as they are now) and runs each one's
    /// tests. `build` runs the build command (the runner wraps it to show its progress).
    ///
    /// `keys` are the chapters' keys from before their plain tests were built: a save made since
    /// must not be credited with this verdict.
    func run(
        _ chapters: [Chapter], keys: [Int: String], build: @Sendable (Set<Int>) async throws -> CommandResult
    ) async throws -> [Int: RaceCheckResult] {
        guard !chapters.isEmpty else { return [:] }
        let built = try await build(Set(chapters.map(\.number)))
        guard built.succeeded else {
            let why = BuildSummary(built.output, relativeTo: workbook).headline ?? "the build \(built.ending)"
            let note = "the build with Thread Sanitizer failed: \(why)"
            return Dictionary(
                uniqueKeysWithValues: chapters.map { ($0.number, RaceCheckResult(verdict: .notChecked, note: note)) })
        }
        var results: [Int: RaceCheckResult] = [:]
        let folder = try TemporaryFolder(prefix: "workbook-race-check")
        defer { folder.remove() }
        for chapter in chapters {
            let events = folder.url.appendingPathComponent("events-\(chapter.number).jsonl")
            var result: RaceCheckResult
            do {
                let outcome = try await check.run(
                    filter: chapter.testFilter, chapters: Set(chapters.map(\.number)), timeLimit: timeLimit,
                    events: events)
                result = RaceCheckResult.verdict(of: outcome, timeLimit: timeLimit)
                result.races = await result.races.demangled()
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                result = RaceCheckResult(verdict: .notChecked, note: "\(error)")
            }
            // A verdict about the code is kept; one about this machine or this run is not.
            if result.verdict == .clean || result.verdict == .races, let key = keys[chapter.number] {
                remember(result, for: chapter, key: key)
            }
            results[chapter.number] = result
        }
        return results
    }
}
