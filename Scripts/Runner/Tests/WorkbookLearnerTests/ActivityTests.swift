import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookLearner

@Suite("The activity record")
struct ActivityTests {
    let chapters = [
        Chapter(number: 1, title: "One", folder: "Chapter1-One"),
        Chapter(number: 2, title: "Two", folder: "Chapter2-Two"),
        Chapter(number: 3, title: "Three", folder: "Chapter3-Three"),
    ]

    /// A report where chapter N has `passed[N-1]` of three tests passing.
    func report(_ passed: [Int]) -> Report {
        let reports = zip(chapters, passed).map { chapter, count in
            let tests = (0..<3).map { index in
                TestResult(
                    id: "Chapter\(chapter.number)Tests.S/t\(index)()", name: "t\(index)", file: nil, line: nil,
                    state: index < count ? .passed : .failed, issues: [])
            }
            return ChapterReport(chapter: chapter, state: ChapterReport.state(of: tests), tests: tests)
        }
        return Report(chapters: reports, toolchain: "t")
    }

    func time(_ minutes: Int) -> Date { Date(timeIntervalSince1970: 1_795_167_000 + Double(minutes) * 60) }

    @Test("A run counts for the chapter to work on, the chapter named, and every chapter whose result changed")
    func counting() async throws {
        try await withTemporaryFolder("activity") { folder in
            let log = ActivityLog(file: folder.appendingPathComponent(".workbook/activity.json"))
            log.recordRun(report([0, 0, 0]), at: time(0))
            log.recordRun(report([2, 0, 0]), at: time(5))
            log.recordRun(report([3, 0, 0]), at: time(9))  // chapter 1 is done; chapter 2 is next
            log.recordRun(report([3, 0, 0]), selected: 3, at: time(12))
            let attached = log.recordRun(report([3, 1, 0]), at: time(20))
            let activity = log.load()
            #expect(activity[1] == ChapterActivity(runs: 3, firstDone: time(9), lastActivity: time(9)))
            #expect(activity[2] == ChapterActivity(runs: 3, lastActivity: time(20)))
            #expect(activity[3] == ChapterActivity(runs: 1, lastActivity: time(12)))
            #expect(attached.chapters.map(\.activity) == [activity[1], activity[2], activity[3]])
        }
    }

    @Test("A hand-in carries the activity as it stands and counts nothing")
    func handInCountsNothing() async throws {
        try await withTemporaryFolder("activity") { folder in
            let log = ActivityLog(file: folder.appendingPathComponent(".workbook/activity.json"))
            log.recordRun(report([2, 0, 0]), at: time(0))
            let before = log.load()
            let handedIn = log.recordRun(report([3, 1, 0]), at: time(30), counting: false)
            #expect(log.load() == before, "Nothing is recorded.")
            #expect(handedIn.chapters.map(\.activity) == [before[1], before[2], before[3]])
            // The next real run still sees the change made since, and counts it.
            log.recordRun(report([3, 1, 0]), at: time(40))
            #expect(log.load()[2]?.runs == 1 && log.load()[2]?.lastActivity == time(40))
        }
    }

    @Test("A workbook that does not build is no work on every chapter: only the one to work on counts")
    func brokenBuild() async throws {
        try await withTemporaryFolder("activity") { folder in
            let log = ActivityLog(file: folder.appendingPathComponent(".workbook/activity.json"))
            log.recordRun(report([3, 2, 1]), at: time(0))
            var broken = report([0, 0, 0])
            broken.buildProblems = ["Package.swift: error"]
            log.recordRun(broken, at: time(1))
            #expect(log.load().mapValues(\.runs) == [1: 1, 2: 1, 3: 0])
        }
    }

    @Test("Hints shown are counted per chapter, and are activity")
    func hints() async throws {
        try await withTemporaryFolder("activity") { folder in
            let log = ActivityLog(file: folder.appendingPathComponent(".workbook/activity.json"))
            log.recordHint(chapter: 2, at: time(1))
            log.recordHint(chapter: 2, at: time(3))
            #expect(log.load()[2] == ChapterActivity(runs: 0, lastActivity: time(3), hintsShown: 2))
        }
    }

    @Test("A damaged record is set aside and a new one begun; nothing is left half-written")
    func damaged() async throws {
        try await withTemporaryFolder("activity") { folder in
            let file = folder.appendingPathComponent(".workbook/activity.json")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{\"format\": \"singletons-workbook-activity/1\", \"chap".utf8).write(to: file)
            let log = ActivityLog(file: file)
            #expect(log.load().isEmpty)
            log.recordHint(chapter: 1, at: time(0))
            #expect(log.load()[1]?.hintsShown == 1)
            let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
            #expect(names.sorted() == ["activity.damaged.json", "activity.json"], "No temporary file stays behind.")
        }
    }

    @Test("A record that cannot be written does not stop the run")
    func unwritable() async throws {
        try await withTemporaryFolder("activity") { folder in
            // A file where the folder should be: `.workbook` cannot be made.
            try Data().write(to: folder.appendingPathComponent(".workbook"))
            let log = ActivityLog(file: folder.appendingPathComponent(".workbook/activity.json"))
            let attached = log.recordRun(report([1, 0, 0]), at: time(0))
            #expect(attached.chapters.first?.activity?.runs == 1, "The report still carries this run's counts.")
            #expect(log.load().isEmpty)
        }
    }

    @Test("The progress file carries the activity, and reads back the same")
    func inTheReport() throws {
        var report = report([3, 1, 0])
        report.chapters[0].activity = ChapterActivity(runs: 4, firstDone: time(9), lastActivity: time(9), hintsShown: 2)
        let json = try report.json()
        #expect(json.contains("\"format\" : \"singletons-workbook-progress/2\""))
        #expect(json.contains("\"firstDone\" : \"2026-11-20T09:39:00Z\""))
        #expect(try Report.decode(Data(json.utf8)).chapters[0].activity == report.chapters[0].activity)
        let read = try ProgressFile(data: Data(json.utf8))
        #expect(read.version == 2 && read.chapters[0].activity?.hintsShown == 2)
    }
}
