import Foundation

/// A backtrace of every thread, as the Swift runtime prints it when a process gets `SIGQUIT` (or
/// crashes) with `SWIFT_BACKTRACE=…,preset=full` set. The runner asks for one from a test process
/// that did not finish in time, to say where it was stuck.
///
///     Thread 1 "oot.default-qos":
///
///       0                  0x000056176f2465ca spins() + 90 in Tests.xctest at /w/Chapters/Chapter3-X/F.swift:3:97
///       1 [async]          0x000056176f246390 closure #1 in f() in Tests.xctest at /w/Chapters/Chapter3-X/F.swift:9
///       2 [async] [system] 0x00007f24bde94310 completeTaskWithClosure(…) in libswift_Concurrency.so
///     ...
public struct Backtrace: Sendable, Equatable {
    public struct Frame: Sendable, Equatable {
        /// The function, demangled, without its offset ("UserStorage.replacingShared(with:)").
        public var function: String
        /// The source file, relative to the workbook when it is inside it.
        public var file: String?
        public var line: Int?
    }

    public struct Thread: Sendable, Equatable {
        public var name: String
        /// Innermost first.
        public var frames: [Frame]
    }

    public var threads: [Thread]

    /// The environment a test process needs for the runtime to print every thread when asked.
    /// On Linux the backtracer is on by default (for the signalled thread only); on macOS it is
    /// off unless this asks for it.
    public static let environment = ["SWIFT_BACKTRACE": "enable=yes,preset=full,interactive=no,color=no"]

    /// Reads the backtrace in `text` (the process's standard error). Lines that are not part of
    /// a thread's frames are passed over; `nil` when there is no thread at all.
    public init?(_ text: String, relativeTo workbook: Workbook? = nil) {
        var threads: [Thread] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("Thread "), line.hasSuffix(":"),
                let number = line.dropFirst(7).split(separator: " ").first,
                Int(number.trimmingCharacters(in: CharacterSet(charactersIn: ":"))) != nil
            {
                threads.append(Thread(name: String(line.dropLast()), frames: []))
            } else if !threads.isEmpty, let frame = Self.frame(line, relativeTo: workbook) {
                threads[threads.count - 1].frames.append(frame)
            } else if line.hasPrefix("Registers:") || line.hasPrefix("Images") {
                break
            }
        }
        guard !threads.isEmpty else { return nil }
        self.threads = threads
    }

    /// One frame line: `INDEX [TAGS…] 0xADDRESS FUNCTION [+ OFFSET] in IMAGE [at PATH:LINE[:COLUMN]]`.
    static func frame(_ line: String, relativeTo workbook: Workbook?) -> Frame? {
        var words = line.split(separator: " ", omittingEmptySubsequences: true)[...]
        guard let index = words.popFirst(), Int(index) != nil else { return nil }
        while let word = words.first, word.hasPrefix("[") { words.removeFirst() }
        guard let address = words.popFirst(), address.hasPrefix("0x") else { return nil }
        var rest = words.joined(separator: " ")
        var file: String?
        var lineNumber: Int?
        if let at = rest.range(of: " at ", options: .backwards) {
            let place = rest[at.upperBound...].split(separator: ":")
            if let path = place.first, path.hasPrefix("/") || path.contains(".swift") {
                file = workbook?.relativePath(String(path)) ?? String(path)
                lineNumber = place.count > 1 ? Int(place[1]) : nil
                rest = String(rest[..<at.lowerBound])
            }
        }
        // The image is the last word, after the last " in " (a function may say "closure #1 in f()").
        if let image = rest.range(of: " in ", options: .backwards) { rest = String(rest[..<image.lowerBound]) }
        if let offset = rest.range(of: " + ", options: .backwards), Int(rest[offset.upperBound...]) != nil {
            rest = String(rest[..<offset.lowerBound])
        }
        return Frame(function: rest, file: file, line: lineNumber)
    }

    /// The innermost frame, in any thread, in one of `folders` (workbook-relative): where the
    /// learner's code is running or waiting.
    public func firstFrame(under folders: [String]) -> Frame? {
        for thread in threads {
            if let frame = thread.frames.first(where: { frame in
                frame.file.map { file in folders.contains { file.hasPrefix($0 + "/") } } ?? false
            }) {
                return frame
            }
        }
        return nil
    }
}

/// Where a chapter's tests were when their time ran out, for people.
public enum HangDescription {
    /// "Chapter 3 did not finish in 30 s: still running Chapters/…/F.swift:27 in f()", or, when no
    /// thread is in the learner's code, which test was running and that it waits for something
    /// that never happens.
    public static func describe(
        chapter: Chapter, timeLimit: Duration, backtrace: Backtrace?, stuck: [TestResult]
    ) -> (summary: String, frame: Backtrace.Frame?) {
        let start = "Chapter \(chapter.number) did not finish in \(timeLimit.readable)"
        if let frame = backtrace?.firstFrame(under: [chapter.starterFolder]), let file = frame.file {
            let place = frame.line.map { "\(file):\($0)" } ?? file
            return ("\(start): still running \(place) in \(frame.function)", frame)
        }
        let tests = stuck.map { test in
            "“\(test.name)”" + (test.file.map { file in " (\(file)\(test.line.map { ":\($0)" } ?? ""))" } ?? "")
        }
        let who =
            tests.isEmpty
            ? "a test" : tests.count == 1 ? "the test \(tests[0])" : "the tests \(tests.joined(separator: ", "))"
        let why =
            backtrace == nil
            ? "no backtrace could be taken, so where it was stuck is not known"
            : "no thread was running your code, so it is waiting for something that never happens "
                + "(a gate never left, a continuation never resumed, a task never finished)"
        return ("\(start): \(who) was still running; \(why).", nil)
    }
}

extension HangDescription {
    /// The tests among `inFlight` that a thread was running the learner's code for when the time
    /// was up: a thread with a frame in the chapter's files, and further out a frame of the test.
    public static func testsRunningLearnersCode(
        _ backtrace: Backtrace?, chapter: Chapter, among inFlight: [TestResult]
    ) -> [TestResult] {
        guard let backtrace else { return [] }
        var caught: [TestResult] = []
        for thread in backtrace.threads
        where Backtrace.firstFrame(of: thread, under: [chapter.starterFolder]) != nil {
            guard let testFrame = Backtrace.firstFrame(of: thread, under: [chapter.testsFolder]),
                let test = CrashDescription.running(at: testFrame, among: inFlight),
                !caught.contains(where: { $0.id == test.id })
            else { continue }
            caught.append(test)
        }
        return caught
    }
}

/// Where a chapter's test process was when its time ran out, as the report records it.
public struct HangLocation: Codable, Sendable, Equatable {
    /// The first frame in the learner's files (`Chapters/…`), with its line and function; all
    /// `nil` when no thread was running the learner's code (a wait that never ends).
    public var file: String?
    public var line: Int?
    public var function: String?

    package init(file: String? = nil, line: Int? = nil, function: String? = nil) {
        self.file = file
        self.line = line
        self.function = function
    }
}

extension Backtrace {
    /// The thread the runtime marks as the one that crashed (`Thread 2 "…" crashed:`).
    public var crashedThread: Thread? {
        threads.first { $0.name.hasSuffix(" crashed") }
    }

    /// The innermost frame of `thread` in one of `folders` (workbook-relative).
    public static func firstFrame(of thread: Thread, under folders: [String]) -> Frame? {
        thread.frames.first { frame in frame.file.map { file in folders.contains { file.hasPrefix($0 + "/") } } ?? false
        }
    }
}

/// How a chapter's test process crashed, for people: the runtime's message, the learner's line
/// (the first frame of the crashed thread in the chapter's own files, not the standard library's
/// line the message names) and the test that was running.
public enum CrashDescription {
    /// "Fatal error: Index out of range, at Chapters/…/MessageBoard.swift:24 in
    /// MessageBoard.messages.getter, while “…” was running (Tests/…:16); the message names
    /// Swift/ContiguousArrayBuffer.swift:692, inside the standard library."
    ///
    /// `message` is the runtime's line (`Swift/…:692: Fatal error: …`, already pointed at the
    /// learner's path when it names a file of theirs), or `nil` when there was none (a signal).
    public static func describe(
        chapter: Chapter, message: String?, ending: CommandResult.Ending, backtrace: Backtrace?,
        tests: [TestResult]
    ) -> (summary: String, frame: Backtrace.Frame?, test: TestResult?) {
        let thread = backtrace?.crashedThread
        let learner = thread.flatMap {
            Backtrace.firstFrame(of: $0, under: [chapter.starterFolder, chapter.solutionFolder])
        }
        let testFrame = thread.flatMap { Backtrace.firstFrame(of: $0, under: [chapter.testsFolder]) }
        let test = testFrame.flatMap { running(at: $0, among: tests) }

        // "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range" → the place
        // and the words.
        var what = message.map { "The test process \(ending): \($0)" } ?? "The test process \(ending)"
        var runtimePlace: String?
        if let message,
            let range = message.range(of: ": Fatal error") ?? message.range(of: ": Precondition failed")
                ?? message.range(of: ": Assertion failed")
        {
            runtimePlace = String(message[..<range.lowerBound])
            what = String(message[message.index(range.lowerBound, offsetBy: 2)...])
        }
        var parts = [what]
        if let learner, let file = learner.file {
            parts.append("at \(file)\(learner.line.map { ":\($0)" } ?? "") in \(learner.function)")
        }
        if let test {
            let place = testFrame.flatMap { frame in frame.file.map { "\($0)\(frame.line.map { ":\($0)" } ?? "")" } }
            parts.append("while “\(test.name)” was running" + (place.map { " (\($0))" } ?? ""))
        }
        var summary = parts.joined(separator: ", ")
        if let runtimePlace {
            let inLearnersFiles =
                runtimePlace.hasPrefix(chapter.starterFolder + "/")
                || runtimePlace.hasPrefix(chapter.solutionFolder + "/")
                || runtimePlace.hasPrefix(chapter.testsFolder + "/")
            if inLearnersFiles, learner == nil {
                summary += ", at \(runtimePlace)"
            } else if !inLearnersFiles {
                summary +=
                    " (the message names \(runtimePlace), inside \(runtimePlace.hasPrefix("Swift/") ? "the standard library" : "code that is not the chapter's"))"
            }
        }
        return (summary + ".", learner, test)
    }

    /// The test a frame in a test file belongs to: by its function's name in the test's
    /// identifier, or else the last test declared above the frame's line in the same file.
    static func running(at frame: Backtrace.Frame, among tests: [TestResult]) -> TestResult? {
        var function = frame.function
        if let range = function.range(of: " in ", options: .backwards) {
            function = String(function[range.upperBound...])
        }
        let name = function.split(separator: ".").last.map(String.init) ?? function
        let byName = tests.filter { $0.id.contains("/\(name)/") && (frame.file == nil || $0.file == frame.file) }
        if byName.count == 1 { return byName[0] }
        guard let file = frame.file, let line = frame.line else { return nil }
        return tests.filter { $0.file == file && ($0.line ?? .max) <= line }.max { ($0.line ?? 0) < ($1.line ?? 0) }
    }
}
