import Foundation
import Synchronization
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookLearner

/// The runner's answer to a test process that crashed or hung: it reruns what it must to name the
/// test to blame and its place, and still gives every other test its result. The test processes
/// here are stand-ins that answer each filter with a scripted event stream.
@Suite("Reruns after a crash or a hang")
struct RerunTests {
    static let chapter = Chapter(number: 9, title: "Sample", folder: "Chapter9-Sample")
    static let ids = ["A", "B", "C", "D"].map {
        "Chapter9Tests.S/\($0.lowercased())()/Sample.swift:\($0.utf8.first!):4"
    }
    var a: String { Self.ids[0] }
    var b: String { Self.ids[1] }
    var c: String { Self.ids[2] }
    var d: String { Self.ids[3] }

    /// A stream that lists `tests`, starts `started`, ends `ended` (with `failed` among them
    /// recording an issue) and, with `runEnded`, says the run is over.
    func stream(
        _ tests: [String], started: [String], ended: [String], failed: [String] = [], runEnded: Bool
    ) -> EventStream {
        var lines = tests.enumerated().map { SampleStream.test($0.element, name: "t\($0.offset)", line: $0.offset + 1) }
        lines += started.map { SampleStream.event("testStarted", $0) }
        lines += failed.map { SampleStream.issue($0, ["Expectation failed"]) }
        lines += ended.map { SampleStream.event("testEnded", $0) }
        if runEnded { lines.append(SampleStream.runEnded) }
        return EventStream(lines.joined(separator: "\n"), relativeTo: .stub(root: "/work"))
    }

    /// A runner whose test processes answer `script` (filter → run), and the filters it was asked for.
    final class Asked: Sendable {
        let filters = Mutex<[String]>([])
        var all: [String] { filters.withLock { $0 } }
    }

    func runner(_ script: [String: TestRun]) -> (ProgressRunner, Asked) {
        let workbook = Workbook.stub(root: "/work", chapters: [Self.chapter])
        var runner = ProgressRunner(tools: PackageTools(workbook: workbook))
        runner.checksRaces = false
        let asked = Asked()
        runner.testProcess = { filter, _, _ in
            asked.filters.withLock { $0.append(filter) }
            return try #require(script[filter], "The runner asked for an unexpected filter: \(filter)")
        }
        return (runner, asked)
    }

    func process(_ ending: CommandResult.Ending, errors: String = "") -> CommandResult {
        CommandResult(ending: ending, output: "", errors: errors, duration: .milliseconds(10))
    }

    @Test("A crash while two tests run: each runs alone to find the one to blame, then the tests not yet run")
    func crash() async throws {
        let fatal = "Chapter9/Board.swift:12: Fatal error: Unexpectedly found nil while unwrapping an Optional value"
        let (runner, asked) = runner([
            Self.chapter.testFilter: TestRun(
                events: stream(Self.ids, started: [a, b, c], ended: [a], runEnded: false),
                process: process(.signalled(4), errors: fatal)),
            TestResult.filter(selecting: [b]): TestRun(
                events: stream([b], started: [b], ended: [], runEnded: false), process: process(.signalled(4))),
            TestResult.filter(selecting: [c]): TestRun(
                events: stream([c], started: [c], ended: [c], runEnded: true), process: process(.exited(0))),
            TestResult.filter(selecting: [d]): TestRun(
                events: stream([d], started: [d], ended: [d], failed: [d], runEnded: true),
                process: process(.exited(1))),
        ])
        let report = try await runner.run(Self.chapter, included: [9])
        #expect(
            asked.all == [
                Self.chapter.testFilter, TestResult.filter(selecting: [b]), TestResult.filter(selecting: [c]),
                TestResult.filter(selecting: [d]),
            ], "The chapter, then each test that was running alone, then the one that had not run")
        #expect(report.tests.map(\.state) == [.passed, .crashed, .passed, .failed])
        #expect(report.state == .crashed)
        #expect(
            report.crash == "Fatal error: Unexpectedly found nil while unwrapping an Optional value, at "
                + "Chapters/Chapter9-Sample/Board.swift:12.", "The crash names the learner's file and line.")
    }

    /// A thread running test `b`, stuck in the learner's `spin()`.
    static let bSpinning = """
        0      0x000056176f2465ca spin() + 90 in Tests.xctest at /work/Chapters/Chapter9-Sample/Board.swift:27:9
        1 [async] 0x000056176f246390 b() in Tests.xctest at /work/Tests/Chapter9Tests/Sample.swift:2
        """
    /// A thread of the pool with nothing to do.
    static let threadWaiting = "0      0x00007f24bde94310 futex_wait + 10 in libc.so.6"

    /// The runtime's backtrace of a process whose threads show `threads`, in order.
    static func backtrace(_ threads: String...) -> String {
        threads.enumerated().map { "Thread \($0.offset + 1) \"oot.default-qos\":\n\n\($0.element)\n" }.joined(
            separator: "\n")
            + "\nBacktrace took 0.05s\n"
    }

    @Test("A hang: the backtrace names the learner's line, the hung test timed out, the others still run")
    func hang() async throws {
        let backtrace = Self.backtrace(Self.bSpinning)
        let (runner, asked) = runner([
            Self.chapter.testFilter: TestRun(
                events: stream(Self.ids, started: [a, b], ended: [a], runEnded: false),
                process: process(.timedOut, errors: backtrace)),
            TestResult.filter(selecting: [c, d]): TestRun(
                events: stream([c, d], started: [c, d], ended: [c, d], runEnded: true), process: process(.exited(0))),
        ])
        let report = try await runner.run(Self.chapter, included: [9])
        #expect(asked.all == [Self.chapter.testFilter, TestResult.filter(selecting: [c, d])])
        #expect(report.tests.map(\.state) == [.passed, .timedOut, .passed, .passed])
        #expect(report.state == .timedOut)
        #expect(report.hang == HangLocation(file: "Chapters/Chapter9-Sample/Board.swift", line: 27, function: "spin()"))
        #expect(
            report.crash
                == "Chapter 9 did not finish in 30 s: still running Chapters/Chapter9-Sample/Board.swift:27 in spin()"
        )
    }

    @Test("A hang starves the tests beside it: only the test in the learner's loop is stuck, the others run again")
    func hangStarvesOthers() async throws {
        let backtrace = Self.backtrace(Self.bSpinning, Self.threadWaiting)
        let (runner, asked) = runner([
            Self.chapter.testFilter: TestRun(
                events: stream(Self.ids, started: [a, b, c], ended: [a], runEnded: false),
                process: process(.timedOut, errors: backtrace)),
            TestResult.filter(selecting: [c, d]): TestRun(
                events: stream([c, d], started: [c, d], ended: [c, d], runEnded: true), process: process(.exited(0))),
        ])
        let report = try await runner.run(Self.chapter, included: [9])
        #expect(asked.all == [Self.chapter.testFilter, TestResult.filter(selecting: [c, d])])
        #expect(report.tests.map(\.state) == [.passed, .timedOut, .passed, .passed])
        #expect(report.state == .timedOut)
    }

    @Test("A wait that never ends, with no thread in the learner's code: every test in flight is stuck")
    func waitForever() async throws {
        let (runner, asked) = runner([
            Self.chapter.testFilter: TestRun(
                events: stream(Self.ids, started: [a, b, c], ended: [a], runEnded: false),
                process: process(.timedOut, errors: "")),
            TestResult.filter(selecting: [d]): TestRun(
                events: stream([d], started: [d], ended: [d], runEnded: true), process: process(.exited(0))),
        ])
        let report = try await runner.run(Self.chapter, included: [9])
        #expect(asked.all == [Self.chapter.testFilter, TestResult.filter(selecting: [d])])
        #expect(report.tests.map(\.state) == [.passed, .timedOut, .timedOut, .passed])
    }

    @Test("A single test that crashes is blamed at once, without a rerun of its own")
    func singleCrash() async throws {
        let (runner, asked) = runner([
            Self.chapter.testFilter: TestRun(
                events: stream(Self.ids, started: [a, b], ended: [a], runEnded: false), process: process(.signalled(11))
            ),
            TestResult.filter(selecting: [c, d]): TestRun(
                events: stream([c, d], started: [c, d], ended: [c, d], runEnded: true), process: process(.exited(0))),
        ])
        let report = try await runner.run(Self.chapter, included: [9])
        #expect(asked.all.count == 2)
        #expect(report.tests.map(\.state) == [.passed, .crashed, .passed, .passed])
        #expect(report.crash == "The test process was stopped by signal 11.")
    }
}
