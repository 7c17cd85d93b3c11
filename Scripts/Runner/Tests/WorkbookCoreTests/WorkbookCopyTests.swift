import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore

@Suite("The copy of the workbook that verify checks")
struct WorkbookCopyTests {
    func git(_ arguments: [String], in folder: URL) async throws {
        let result = try await Command(
            ["git", "-c", "user.name=Test", "-c", "user.email=test@example.invalid"] + arguments, in: folder
        ).run()
        try #require(result.succeeded, "git \(arguments.joined(separator: " ")) failed: \(result.output)")
    }

    @Test("With local changes in Chapters/, the copy holds the committed starters and the rest as it is")
    func committedStarters() async throws {
        try await withTemporaryFolder("mirror") { folder in
            let source = folder.appendingPathComponent("workbook")
            let copy = folder.appendingPathComponent("copy")
            func write(_ path: String, _ text: String) throws { try writeFile(text, at: path, under: source) }
            func read(_ path: String) -> String? {
                try? String(contentsOf: copy.appendingPathComponent(path), encoding: .utf8)
            }
            try write("Chapters/Chapter1-A/Code.swift", "committed")
            try write("Tests/Chapter1Tests/T.swift", "tests")
            try write(".gitignore", ".build/\n")
            try await git(["init", "-q"], in: source)
            try await git(["add", "-A"], in: source)
            try await git(["commit", "-q", "-m", "start"], in: source)

            try write("Chapters/Chapter1-A/Code.swift", "the learner's work")
            try write("Chapters/Chapter1-A/New.swift", "a new file")
            try write("Tests/Chapter1Tests/T.swift", "tests, being improved")
            try write(".build/junk", "build products")

            let outcome = try await WorkbookCopy(of: source, at: copy).sync()
            #expect(outcome.usedCommittedStarters && outcome.isGitCheckout)
            #expect(read("Chapters/Chapter1-A/Code.swift") == "committed")
            #expect(read("Chapters/Chapter1-A/New.swift") == nil, "Files the learner added are not checked.")
            #expect(read("Tests/Chapter1Tests/T.swift") == "tests, being improved", "Other files come as they are.")
            #expect(read(".build/junk") == nil, "Ignored files are not copied.")
            #expect(
                (try? String(
                    contentsOf: source.appendingPathComponent("Chapters/Chapter1-A/Code.swift"), encoding: .utf8))
                    == "the learner's work", "The working copy is never touched.")

            // A file removed from the working copy disappears from the copy too.
            try FileManager.default.removeItem(at: source.appendingPathComponent("Tests/Chapter1Tests/T.swift"))
            try await git(["add", "-A", "Tests"], in: source)
            _ = try await WorkbookCopy(of: source, at: copy).sync()
            #expect(read("Tests/Chapter1Tests/T.swift") == nil)
        }
    }
}
