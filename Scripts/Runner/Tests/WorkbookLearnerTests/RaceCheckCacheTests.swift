import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookLearner

/// The race check's verdict is kept by the content of what it depends on, so that it runs again
/// only after a change.
@Suite("The race check's remembered verdicts")
struct RaceCheckCacheTests {
    static let chapter = Chapter(number: 9, title: "Sample", folder: "Chapter9-Sample")

    /// A workbook on disk with one chapter, its tests, the shared helpers and a manifest.
    func makeWorkbook(in folder: URL) throws -> Workbook {
        let files = [
            "Package.swift": "// manifest", "Chapters/Chapter9-Sample/Board.swift": "struct Board {}",
            "Chapters/Chapter9-Sample/README.md": "# Chapter 9 · Sample",
            "Tests/Chapter9Tests/1-BoardTests.swift": "// 1",
            "Tests/WorkbookSupport/Support.swift": "// support", "Chapters/Chapter8-Other/Other.swift": "// other",
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return .stub(root: folder.path, chapters: [Self.chapter])
    }

    func write(_ text: String, _ path: String, in workbook: Workbook) throws {
        try text.write(to: workbook.root.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    @Test(
        "The key changes with the content of the chapter's code, its tests, the helpers and the manifest, and with the world, and with nothing else"
    )
    func key() throws {
        try withTemporaryFolderSync { folder in
            let workbook = try makeWorkbook(in: folder)
            let key = { ChapterRaceCheck.key(for: Self.chapter, in: workbook, world: .library) }
            let original = key()
            let board = workbook.root.appendingPathComponent("Chapters/Chapter9-Sample/Board.swift")
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: board.path)
            #expect(key() == original, "A file touched but not changed keeps the verdict.")
            try write("// lesson changed", "Chapters/Chapter9-Sample/README.md", in: workbook)
            try write("// another chapter", "Chapters/Chapter8-Other/Other.swift", in: workbook)
            #expect(key() == original, "Only Swift files of this chapter count.")
            var seen = [original]
            for path in [
                "Chapters/Chapter9-Sample/Board.swift", "Tests/Chapter9Tests/1-BoardTests.swift",
                "Tests/WorkbookSupport/Support.swift", "Package.swift",
            ] {
                try write("// changed", path, in: workbook)
                #expect(!seen.contains(key()), "A change to \(path) asks for a new check")
                seen.append(key())
            }
            try write("struct Board {}", "Chapters/Chapter9-Sample/Board.swift", in: workbook)
            try write("// changed", "Chapters/Chapter9-Sample/Board.swift", in: workbook)
            #expect(key() == seen.last, "The same content gives the same key again.")
            #expect(
                ChapterRaceCheck.key(for: Self.chapter, in: workbook, world: .app) != key(),
                "A verdict in the library world does not stand for the app world.")
        }
    }

    @Test("A verdict is given back for the same key and toolchain only, marked as remembered")
    func remembered() throws {
        try withTemporaryFolderSync { folder in
            let workbook = try makeWorkbook(in: folder)
            let check = RaceCheck(workbook: workbook, mode: .starters, scratchPath: ".build-tsan", environment: [:])
            let cache = ChapterRaceCheck(check: check, timeLimit: .seconds(60), toolchain: "Swift 6.1")
            #expect(cache.cached(Self.chapter, key: "k1") == nil)
            cache.remember(RaceCheckResult(verdict: .clean), for: Self.chapter, key: "k1")
            #expect(cache.cached(Self.chapter, key: "k1") == RaceCheckResult(verdict: .clean, cached: true))
            #expect(cache.cached(Self.chapter, key: "k2") == nil, "Changed files are checked again.")
            let newer = ChapterRaceCheck(check: check, timeLimit: .seconds(60), toolchain: "Swift 6.3")
            #expect(newer.cached(Self.chapter, key: "k1") == nil, "A new toolchain checks again.")
            #expect(
                FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent(".build-tsan/workbook-race-checks.json").path),
                "The verdicts live in the sanitized build's own folder.")
        }
    }

    @Test("A check that could not run is not remembered: the next run tries again")
    func notCheckedIsForgotten() async throws {
        try await withTemporaryFolder { folder in
            let workbook = try makeWorkbook(in: folder)
            let check = RaceCheck(workbook: workbook, mode: .starters, scratchPath: ".build-tsan", environment: [:])
            let cache = ChapterRaceCheck(check: check, timeLimit: .seconds(60), toolchain: "Swift 6.1")
            let results = try await cache.run([Self.chapter], keys: [9: "k1"]) { _ in
                CommandResult(ending: .exited(1), output: "error: no toolchain here", duration: .zero)
            }
            #expect(results[9]?.verdict == .notChecked)
            #expect(results[9]?.note?.contains("no toolchain here") == true)
            #expect(cache.cached(Self.chapter, key: "k1") == nil)
        }
    }

    @Test("A runner whose chapter has a remembered verdict takes it without building anything")
    func runnerTakesRememberedVerdict() async throws {
        try await withTemporaryFolder { folder in
            let workbook = try makeWorkbook(in: folder)
            let runner = ProgressRunner(tools: PackageTools(workbook: workbook))
            let key = ChapterRaceCheck.key(for: Self.chapter, in: workbook, world: runner.tools.world)
            let cache = ChapterRaceCheck(check: runner.raceCheck, timeLimit: .seconds(60), toolchain: "Swift 6.1")
            cache.remember(RaceCheckResult(verdict: .races), for: Self.chapter, key: key)
            let results = try await runner.checkRaces([Self.chapter], keys: [9: key], toolchain: "Swift 6.1")
            #expect(results[9] == RaceCheckResult(verdict: .races, cached: true))
            #expect(
                !FileManager.default.fileExists(atPath: folder.appendingPathComponent(".build-tsan/debug").path),
                "Nothing was built with the sanitizer.")
        }
    }
}
