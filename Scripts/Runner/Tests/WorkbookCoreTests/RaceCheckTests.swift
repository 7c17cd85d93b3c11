import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore

@Suite("Thread Sanitizer's reports, as the race check reads them")
struct RaceCheckTests {
    let workbook = Workbook(root: URL(fileURLWithPath: "/work"), chapters: [])

    /// A report as Swift 6.3 prints it on Linux for a class property appended to from two tasks.
    let swiftAccessRace = """
        ==================
        WARNING: ThreadSanitizer: Swift access race (pid=19312)
          Modifying access of Swift variable at 0x720800004c90 by thread T2:
            #0 $s8Chapter112MessageBoardC4postyySSYaFTY1_ /work/Chapters/Chapter1-GlobalVsSingleton/MessageBoard.swift (SingletonsWorkbookPackageTests.xctest+0x118390) (BuildId: 7620ad)
            #1 swift::runJobInEstablishedExecutorContext(swift::Job*) crtstuff.c (libswift_Concurrency.so+0x71e5f) (BuildId: b9f349)

          Previous modifying access of Swift variable at 0x720800004c90 by thread T4:
            #0 $s8Chapter112MessageBoardC4postyySSYaFTY1_ /work/Chapters/Chapter1-GlobalVsSingleton/MessageBoard.swift (SingletonsWorkbookPackageTests.xctest+0x118390) (BuildId: 7620ad)
            #1 swift::runJobInEstablishedExecutorContext(swift::Job*) crtstuff.c (libswift_Concurrency.so+0x71e5f) (BuildId: b9f349)

          Location is heap block of size 24 at 0x720800004c80 allocated by thread T4:
            #0 malloc /home/build-user/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_posix.cpp:686:5 (x+0x95070)

        SUMMARY: ThreadSanitizer: Swift access race /work/Chapters/Chapter1-GlobalVsSingleton/MessageBoard.swift in $s8Chapter1…
        ==================
        ✔ Test run with 6 tests in 3 suites passed after 1.2 seconds.
        """

    @Test("A Swift access race names both accesses, in the learner's file, with their function")
    func swiftAccessRace() async throws {
        let races = DataRace.parse(swiftAccessRace, relativeTo: workbook)
        #expect(races.count == 1)
        let race = try #require(races.first)
        #expect(race.accesses.count == 2)
        #expect(race.accesses.allSatisfy { $0.file == "Chapters/Chapter1-GlobalVsSingleton/MessageBoard.swift" })
        #expect(race.accesses.allSatisfy { $0.line == nil && $0.isWrite })
        let named = await races.demangled()
        #expect(named.first?.accesses.first?.function == "MessageBoard.post(_:)")
        #expect(named.first?.summary.contains("MessageBoard.swift, in MessageBoard.post(_:) (write)") == true)
    }

    @Test("A plain data race keeps its line, and frames outside the workbook are passed over")
    func plainDataRace() {
        let report = """
            WARNING: ThreadSanitizer: data race (pid=1)
              Write of size 8 at 0x7b0c00001234 by thread T3:
                #0 swift_retain /opt/swift/lib/runtime.swift:10:1 (libswiftCore.so+0x1)
                #1 $s8Chapter31x /work/Chapters/Chapter3-TestingPain/UserStorage.swift:30:12 (t+0x1)
              Previous read of size 8 at 0x7b0c00001234 by main thread:
                #0 $s8Chapter31y /work/Chapters/Chapter3-TestingPain/UserStorage.swift:25:9 (t+0x2)
            SUMMARY: ThreadSanitizer: data race
            """
        let race = DataRace.parse(report, relativeTo: workbook).first
        #expect(race?.accesses.map(\.line) == [30, 25])
        #expect(race?.accesses.map(\.isWrite) == [true, false])
        #expect(race?.firstPlace?.file == "Chapters/Chapter3-TestingPain/UserStorage.swift")
    }

    @Test("One racy line reported twice, as a read and as a write, the other way round, is one race")
    func oneRaceReportedTwice() {
        let first = """
            WARNING: ThreadSanitizer: data race (pid=1)
              Write of size 8 at 0x7b0c00001234 by thread T3:
                #0 $s8Chapter11x /work/Chapters/Chapter1-GlobalVsSingleton/MessageBoard.swift:30:12 (t+0x1)
              Previous read of size 8 at 0x7b0c00001234 by thread T2:
                #0 $s8Chapter11y /work/Chapters/Chapter1-GlobalVsSingleton/MessageBoard.swift:25:9 (t+0x2)
            SUMMARY: ThreadSanitizer: data race
            """
        let second = """
            WARNING: ThreadSanitizer: data race (pid=1)
              Read of size 8 at 0x7b0c00001234 by thread T5:
                #0 $s8Chapter11y /work/Chapters/Chapter1-GlobalVsSingleton/MessageBoard.swift:25:9 (t+0x2)
              Previous write of size 8 at 0x7b0c00001234 by thread T3:
                #0 $s8Chapter11x /work/Chapters/Chapter1-GlobalVsSingleton/MessageBoard.swift:30:12 (t+0x1)
            SUMMARY: ThreadSanitizer: data race
            """
        #expect(DataRace.parse(first + "\n" + second, relativeTo: workbook).count == 1)
        let elsewhere = second.replacingOccurrences(of: ":25:9", with: ":40:9")
        #expect(DataRace.parse(first + "\n" + elsewhere, relativeTo: workbook).count == 2)
    }

    @Test("A race inside Array.append names the learner's line that called it, not the toolchain's nor a helper's")
    func raceInsideTheStandardLibrary() {
        let report = """
            WARNING: ThreadSanitizer: Swift access race (pid=1)
              Modifying access of Swift variable at 0x7b0c00001234 by thread T3:
                #0 $sSa6appendyyxnF /home/build-user/swift/stdlib/public/core/Array.swift:1234:5 (libswiftCore.so+0x1)
                #1 $s12Chapter5Tests12runSideBySide /work/Tests/Chapter5Tests/Support.swift:40:9 (t+0x1)
                #2 $s8Chapter510ImageCacheC5store /work/Chapters/Chapter5-ProtocolInjection/ImageCache.swift:17:14 (t+0x2)
              Previous modifying access of Swift variable at 0x7b0c00001234 by thread T4:
                #0 $sSa6appendyyxnF /home/build-user/swift/stdlib/public/core/Array.swift:1234:5 (libswiftCore.so+0x1)
                #1 $s12Chapter5Tests12runSideBySide /work/Tests/Chapter5Tests/Support.swift:41:9 (t+0x1)
            SUMMARY: ThreadSanitizer: Swift access race
            """
        let race = DataRace.parse(report, relativeTo: workbook).first
        #expect(race?.accesses.first?.file == "Chapters/Chapter5-ProtocolInjection/ImageCache.swift")
        #expect(race?.accesses.first?.line == 17)
        #expect(
            race?.accesses.last?.file == "Tests/Chapter5Tests/Support.swift",
            "With no frame in the learner's code, the first frame in the workbook.")
    }

    @Test("Output without a report has no race")
    func noRace() {
        #expect(DataRace.parse("✔ Test run with 6 tests passed.\n", relativeTo: workbook).isEmpty)
    }
}
