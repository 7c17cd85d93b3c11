import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore

@Suite("Reading a build's errors and warnings")
struct DiagnosticsTests {
    let workbook = Workbook.stub(
        root: "/work",
        chapters: [Chapter(number: 2, title: "Singleton plus", folder: "Chapter2-SingletonPlus")])

    /// What `swift build` prints: each diagnostic once in a short form, then drawn again.
    let output = """
        Building for debugging...
        /work/Chapters/Chapter2-SingletonPlus/AppSettings.swift:12:9: error: cannot find 'store' in scope
         10 |
         12 |         store.set(1, forKey: "k")
            |         `- error: cannot find 'store' in scope
        /work/Chapters/Chapter2-SingletonPlus/AppSettings.swift:12:9: error: cannot find 'store' in scope
        /work/Tests/Chapter2Tests/1-Tests.swift:4:1: warning: variable 'x' was never used
            |  `- warning: variable 'x' was never used
        warning: 'main': found 1 file(s) which are unhandled
        error: fatalError
        """

    @Test("Each error is read once, with its place relative to the workbook")
    func errors() {
        let errors = Diagnostics.errors(in: output, relativeTo: workbook)
        #expect(
            errors == [
                CompilerError(
                    file: "Chapters/Chapter2-SingletonPlus/AppSettings.swift", line: 12, column: 9,
                    message: "cannot find 'store' in scope")
            ])
        #expect(workbook.chapter(owning: "/work/" + (errors.first?.file ?? ""))?.number == 2)
    }

    @Test("Warnings are found once each, the compiler's and SwiftPM's alike")
    func warnings() {
        let warnings = Diagnostics.warnings(in: output)
        #expect(warnings.count == 2)
        #expect(warnings.contains { $0.contains("never used") })
        #expect(warnings.contains { $0.contains("unhandled") })
    }

    @Test("Problems that name no Swift file are kept, for the report to show")
    func otherProblems() {
        #expect(Diagnostics.otherProblems(in: output).contains("error: fatalError"))
    }

    @Test("A file belongs to the chapter whose starter, solution or tests hold it")
    func owningChapter() {
        #expect(workbook.chapter(owning: "/work/Solutions/Chapter2-SingletonPlus/X.swift")?.number == 2)
        #expect(workbook.chapter(owning: "/work/Tests/Chapter2Tests/X.swift")?.number == 2)
        #expect(workbook.chapter(owning: "/work/Tests/WorkbookSupport/X.swift") == nil)
        #expect(workbook.chapter(owning: "/work/Package.swift") == nil)
    }
}

@Suite("Chapters and their hints")
struct WorkbookTests {
    @Test("A chapter's title comes from its lesson's heading, without the chapter number")
    func titleFromLesson() throws {
        try withTemporaryFiles(["README.md": "# Chapter 4 · Subclass stubs\n\nText."]) { folder in
            #expect(Chapter.title(lesson: folder.appendingPathComponent("README.md"), folder: "x") == "Subclass stubs")
        }
    }

    @Test("Without a lesson, the title is made from the folder's name")
    func titleFromFolder() {
        let missing = URL(fileURLWithPath: "/nonexistent/README.md")
        #expect(Chapter.title(lesson: missing, folder: "Chapter1-GlobalVsSingleton") == "Global vs singleton")
    }

    @Test("Hints are read per step, with questions that continue on the next line")
    func hints() {
        let hints = Hints(
            markdown: """
                # Hints · Chapter 9

                Some words first.

                ## Step 1
                1. What is the first question,
                   which goes on here?
                2. And a second?

                ## Step 3
                1. Only one.

                ## Notes
                1. Not a hint.
                """)
        #expect(
            hints.steps == [
                .init(number: 1, questions: ["What is the first question, which goes on here?", "And a second?"]),
                .init(number: 3, questions: ["Only one."]),
            ])
        #expect(hints.all.map(\.step) == [1, 1, 3])
    }

    @Test("Chapter 1's hints follow the format the runner reads")
    func chapterOneHints() throws {
        let root = workbookRoot
        let workbook = try Workbook(root: root)
        for chapter in workbook.chapters {
            let text = try String(contentsOf: root.appendingPathComponent(chapter.hints), encoding: .utf8)
            #expect(!Hints(markdown: text).steps.isEmpty, "\(chapter.hints) has no hints the runner can read")
        }
    }

    /// Runs `body` with a temporary folder holding `files`.
    func withTemporaryFiles(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workbook-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try body(folder)
    }
}

@Suite("A failed build, summarised")
struct BuildSummaryTests {
    @Test("Errors, warnings and other problems, each once; SwiftPM's own warning is not named twice")
    func problems() {
        let output = """
            /w/Chapters/Chapter1-X/Board.swift:3:5: error: cannot find 'x' in scope
            /w/Chapters/Chapter1-X/Board.swift:4:9: warning: variable 'y' was never used
            warning: 'workbook': found 1 file(s) which are unhandled
            error: link command failed
            """
        let summary = BuildSummary(output, relativeTo: .stub(root: "/w"))
        #expect(
            summary.problems() == [
                "Chapters/Chapter1-X/Board.swift:3:5: cannot find 'x' in scope",
                "/w/Chapters/Chapter1-X/Board.swift:4:9: warning: variable 'y' was never used",
                "warning: 'workbook': found 1 file(s) which are unhandled", "error: link command failed",
            ])
        #expect(summary.headline == "Chapters/Chapter1-X/Board.swift:3:5: cannot find 'x' in scope")
    }

    @Test("A build that names no problem is summarised by its last lines, never by nothing")
    func lastLines() {
        let output = (1...30).map { "line \($0)" }.joined(separator: "\n")
        let summary = BuildSummary(output)
        #expect(summary.problems() == (11...30).map { "line \($0)" })
        #expect(summary.problems(tail: 2) == ["line 29", "line 30"])
        #expect(summary.headline == nil)
    }
}
