import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Running programs: time limits, cancellation, backtraces")
struct CommandTests {
    /// Whether a process is still alive (a zombie, dead and waiting to be reaped, is not).
    static func alive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        #if os(Linux)
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            if let close = stat.lastIndex(of: ")"), stat[close...].dropFirst(2).first == "Z" { return false }
        #endif
        return true
    }

    /// Waits up to 2 s for a process to die; whether it did.
    func dies(_ pid: pid_t) async throws -> Bool {
        for _ in 0..<40 {
            if !Self.alive(pid) { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return !Self.alive(pid)
    }

    @Test("Cancelling the task stops the program and what it started, and throws")
    func cancellation() async throws {
        try await withTemporaryFolder { folder in
            let pidFile = folder.appendingPathComponent("pid")
            var command = Command(["sh", "-c", "sleep 60 & echo $! > \"$1\"; wait", "sh", pidFile.path], in: folder)
            command.whenCancelled = .kill
            let running = Task { try await command.run() }
            while !FileManager.default.fileExists(atPath: pidFile.path) { try await Task.sleep(for: .milliseconds(20)) }
            try await Task.sleep(for: .milliseconds(100))
            let start = ContinuousClock.now
            running.cancel()
            await #expect(throws: CancellationError.self) { try await running.value }
            #expect(ContinuousClock.now - start < .seconds(5))
            let sleeper = try #require(
                pid_t(try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(try await dies(sleeper), "The program's child went with it.")
        }
    }

    @Test("A program that outlives its time limit is stopped with everything it started, even if it ignores SIGQUIT")
    func timeLimit() async throws {
        try await withTemporaryFolder { folder in
            let pidFile = folder.appendingPathComponent("pid")
            var command = Command(
                ["sh", "-c", "trap '' QUIT TERM; sleep 60 & echo $! > \"$1\"; wait", "sh", pidFile.path], in: folder,
                timeLimit: .milliseconds(500))
            command.whenTimeIsUp = .backtrace(grace: .seconds(1))
            command.whenCancelled = .kill
            let result = try await command.run()
            #expect(result.ending == .timedOut)
            #expect(result.duration < .seconds(4), "Stopped within the limit and the grace: \(result.duration)")
            let sleeper = try #require(
                pid_t(try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(try await dies(sleeper), "Nothing the program started outlives it.")
        }
    }

    @Test("A program that finishes in time says how it ended")
    func finishes() async throws {
        let result = try await Command(["sh", "-c", "echo out; echo err >&2; exit 3"], in: workbookRoot).run(
            separateErrors: true)
        #expect(result.ending == .exited(3))
        #expect(result.output == "out\n" && result.errors == "err\n")
    }
}

@Suite("Backtraces of a hung test process")
struct BacktraceTests {
    let workbook = Workbook.stub(
        root: "/w", chapters: [Chapter(number: 3, title: "Testing pain", folder: "Chapter3-TestingPain")])

    /// Trimmed from what Swift 6.3's runtime printed for a test process that got SIGQUIT.
    let sample = """
        *** Signal 3: Backtracing from 0x7f24bc092301... done ***

        *** Program crashed: Terminated at 0x00000000000011e9 ***

        Thread 0 "SingletonsWorkb" crashed:

          0      0x00007f24bc092301 sigsuspend + 65 in libc.so.6
          1 [ra] 0x00007f24bd4bdc29 _dispatch_sig_thread + 8 in libdispatch.so
        ...

        Thread 1 "oot.default-qos":

          0                  0x000056176f2465ca closure #1 in static UserStorage.replacingShared<A>(with:isolation:_:) + 90 in SingletonsWorkbookPackageTests.xctest at /w/Chapters/Chapter3-TestingPain/SharedStoreReplacement.swift:27:9
          1 [async]          0x000056176f246390 spins() in SingletonsWorkbookPackageTests.xctest at /w/Tests/Chapter3Tests/9-Spin.swift:3
          2 [async] [system] 0x00007f24bde94310 completeTaskWithClosure(swift::AsyncContext*, swift::SwiftError*) in libswift_Concurrency.so
        ...

        Thread 2 "-qos.overcommit":

          0      0x00007f24bc15ef36 epoll_wait + 86 in libc.so.6
        ...

        Registers:

        rax 0xfffffffffffffffc  18446744073709551612

        Backtrace took 0.05s
        """

    @Test("Every thread and frame is read, with its function, file and line")
    func parse() throws {
        let backtrace = try #require(Backtrace(sample, relativeTo: workbook))
        #expect(backtrace.threads.count == 3)
        #expect(backtrace.threads[0].frames.map(\.function) == ["sigsuspend", "_dispatch_sig_thread"])
        let frame = backtrace.threads[1].frames[0]
        #expect(frame.function == "closure #1 in static UserStorage.replacingShared<A>(with:isolation:_:)")
        #expect(frame.file == "Chapters/Chapter3-TestingPain/SharedStoreReplacement.swift")
        #expect(frame.line == 27)
        #expect(backtrace.threads[1].frames[1].line == 3)
        #expect(Backtrace("no backtrace here\n") == nil)
    }

    @Test("A hang in the learner's code is named by its file, line and function")
    func hangInLearnerCode() throws {
        let (summary, frame) = HangDescription.describe(
            chapter: workbook.chapters[0], timeLimit: .seconds(30), backtrace: Backtrace(sample, relativeTo: workbook),
            stuck: [])
        #expect(frame?.line == 27)
        #expect(
            summary
                == "Chapter 3 did not finish in 30 s: still running Chapters/Chapter3-TestingPain/SharedStoreReplacement.swift:27 "
                + "in closure #1 in static UserStorage.replacingShared<A>(with:isolation:_:)")
    }

    @Test("With no thread in the learner's code, the running test is named and the wait is said plainly")
    func hangWaiting() {
        let waiting = sample.replacingOccurrences(of: "/w/Chapters/Chapter3-TestingPain/", with: "/elsewhere/")
        let test = TestResult(
            id: "x", name: "A scope ends", file: "Tests/Chapter3Tests/2-Scope.swift", line: 12, state: .timedOut,
            issues: [])
        let (summary, frame) = HangDescription.describe(
            chapter: workbook.chapters[0], timeLimit: .seconds(5), backtrace: Backtrace(waiting, relativeTo: workbook),
            stuck: [test])
        #expect(frame == nil)
        #expect(
            summary.hasPrefix(
                "Chapter 3 did not finish in 5.0 s: the test “A scope ends” (Tests/Chapter3Tests/2-Scope.swift:12)"))
        #expect(summary.contains("waiting for something that never happens"))
        #expect(summary.contains("a continuation never resumed"))
    }
}
