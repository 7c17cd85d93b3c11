import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore

@Suite("A crash names the learner's line and the test that was running")
struct CrashDescriptionTests {
    let chapter = Chapter(number: 1, title: "Global vs singleton", folder: "Chapter1-GlobalVsSingleton")
    var workbook: Workbook { .stub(root: "/w", chapters: [chapter]) }

    /// What the Swift runtime wrote (trimmed) when `messages` read past the end of an array.
    static let standardError = """
        Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range

        *** Program crashed: Illegal instruction at 0x00007f2bf176df7f ***

        Thread 0 "SingletonsWorkb":

          0      0x00007f2befe92301 sigsuspend + 65 in libc.so.6

        Thread 1 "oot.default-qos":

          0 [async] 0x0000558cee13ac10 SettingsScreen.other() in T.xctest at /w/Chapters/Chapter1-GlobalVsSingleton/SettingsScreen.swift:30

        Thread 2 "oot.default-qos" crashed:

          0                  0x00007f2bf176df7f closure #1 in closure #1 in _assertionFailure(_:_:file:line:flags:) + 623 in libswiftCore.so
          1 [ra]             0x00007f2bf18f961f _assertionFailure(_:_:file:line:flags:) + 302 in libswiftCore.so
          2 [ra]             0x00007f2bf1dc1fe3 specialized Array.subscript.getter + 114 in libswiftSwiftOnoneSupport.so
          3 [ra]             0x0000558cee139b1a MessageBoard.messages.getter + 105 in T.xctest at /w/Chapters/Chapter1-GlobalVsSingleton/MessageBoard.swift:24:46
          4 [async]          0x0000558cee13ac10 SettingsScreen.load() in T.xctest at /w/Chapters/Chapter1-GlobalVsSingleton/SettingsScreen.swift:16
          5 [async]          0x0000558cee1421a0 PostingToTheBoard.SharedScreensTests.homeToSettings() in T.xctest at /w/Tests/Chapter1Tests/3-SharedScreensTests.swift:16

        Registers:
        """

    let tests = [
        TestResult(
            id: "Chapter1Tests.PostingToTheBoard/SharedScreensTests/homeToSettings()/3-SharedScreensTests.swift:10:10",
            name: "A message posted on the home screen shows on the settings screen",
            file: "Tests/Chapter1Tests/3-SharedScreensTests.swift",
            line: 10, state: .crashed, issues: []),
        TestResult(
            id: "Chapter1Tests.PostingToTheBoard/SharedScreensTests/reload()/3-SharedScreensTests.swift:33:10",
            name: "The settings screen shows the board as it is each time it loads",
            file: "Tests/Chapter1Tests/3-SharedScreensTests.swift", line: 33, state: .crashed, issues: []),
    ]

    @Test("The standard library's line is not the place: the crashed thread's first frame in the chapter is")
    func learnersLine() throws {
        let described = CrashDescription.describe(
            chapter: chapter, message: "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range",
            ending: .signalled(4), backtrace: Backtrace(Self.standardError, relativeTo: workbook), tests: tests)
        #expect(described.frame?.file == "Chapters/Chapter1-GlobalVsSingleton/MessageBoard.swift")
        #expect(described.frame?.line == 24)
        #expect(described.test?.name == "A message posted on the home screen shows on the settings screen")
        #expect(
            described.summary.hasPrefix(
                "Fatal error: Index out of range, at Chapters/Chapter1-GlobalVsSingleton/MessageBoard.swift:24 in "
                    + "MessageBoard.messages.getter, while “A message posted on the home screen shows on the settings "
                    + "screen” was running (Tests/Chapter1Tests/3-SharedScreensTests.swift:16)"), "\(described.summary)"
        )
        #expect(described.summary.contains("Swift/ContiguousArrayBuffer.swift:692, inside the standard library"))
    }

    @Test("A crash by a signal, with no message, still names the line and the test")
    func signal() {
        let described = CrashDescription.describe(
            chapter: chapter, message: nil, ending: .signalled(6),
            backtrace: Backtrace(Self.standardError, relativeTo: workbook), tests: tests)
        #expect(
            described.summary.hasPrefix(
                "The test process was stopped by signal 6, at Chapters/Chapter1-GlobalVsSingleton/MessageBoard.swift:24"
            ),
            "\(described.summary)")
        #expect(described.summary.contains("while “A message posted"))
        let bare = CrashDescription.describe(
            chapter: chapter, message: nil, ending: .signalled(6), backtrace: nil, tests: tests)
        #expect(bare.summary == "The test process was stopped by signal 6.")
    }

    @Test("A message that names the learner's own line keeps it")
    func learnersMessage() {
        let described = CrashDescription.describe(
            chapter: chapter,
            message: "Chapters/Chapter1-GlobalVsSingleton/MessageBoard.swift:9: Fatal error: Unexpectedly found nil",
            ending: .signalled(4), backtrace: nil, tests: tests)
        #expect(
            described.summary
                == "Fatal error: Unexpectedly found nil, at Chapters/Chapter1-GlobalVsSingleton/MessageBoard.swift:9.")
    }

    @Test("A frame in a test file belongs to the test whose function it is, or else to the test above it")
    func runningTest() {
        let helper = Backtrace.Frame(
            function: "closure #1 in helper()", file: "Tests/Chapter1Tests/3-SharedScreensTests.swift", line: 40)
        #expect(CrashDescription.running(at: helper, among: tests)?.line == 33)
        let named = Backtrace.Frame(
            function: "closure #2 in PostingToTheBoard.SharedScreensTests.reload()",
            file: "Tests/Chapter1Tests/3-SharedScreensTests.swift", line: 90)
        #expect(CrashDescription.running(at: named, among: tests)?.line == 33)
    }
}
