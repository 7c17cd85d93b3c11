import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookLearner

@Suite("A build always sees a change")
struct SourceGuardTests {
    @Test("A rewrite that keeps size and time invalidates its module's build products, and only then")
    func sameSizeRewrite() async throws {
        try await withTemporaryFolder("source-guard") { root in
            let fileManager = FileManager.default
            let chapterFolder = root.appendingPathComponent("Chapters/Chapter1-Sample")
            try fileManager.createDirectory(at: chapterFolder, withIntermediateDirectories: true)
            let source = chapterFolder.appendingPathComponent("Code.swift")
            let scratch = root.appendingPathComponent(".build")
            let products = scratch.appendingPathComponent("x86_64-unknown-linux-gnu/debug/Chapter1.build")
            let workbook = try Workbook(root: root)
            let guardian = SourceGuard(workbook: workbook, scratchFolder: scratch)

            try "let answer = 0\n".write(to: source, atomically: true, encoding: .utf8)
            let time = Date(timeIntervalSince1970: 1_700_000_000)
            try fileManager.setAttributes([.modificationDate: time], ofItemAtPath: source.path)
            #expect(guardian.prepareBuild().isEmpty, "The first build has nothing to compare with.")

            try fileManager.createDirectory(at: products, withIntermediateDirectories: true)
            let manifest = scratch.appendingPathComponent("debug.yaml")
            try Data().write(to: manifest)
            try "let answer = 1\n".write(to: source, atomically: true, encoding: .utf8)
            try fileManager.setAttributes([.modificationDate: time], ofItemAtPath: source.path)
            #expect(guardian.prepareBuild() == ["Chapter1"])
            #expect(!fileManager.fileExists(atPath: products.path), "The module's products were not removed.")
            #expect(
                !fileManager.fileExists(atPath: manifest.path),
                "SwiftPM must plan again, or it finds no output file map in the removed folder.")

            try fileManager.createDirectory(at: products, withIntermediateDirectories: true)
            try "let answer = 22\n".write(to: source, atomically: true, encoding: .utf8)
            #expect(guardian.prepareBuild().isEmpty, "A change SwiftPM can see needs no help.")
            #expect(fileManager.fileExists(atPath: products.path))
        }
    }

    @Test("Each source file belongs to the module it is compiled into")
    func modules() {
        let workbook = Workbook.stub(
            root: "/w", chapters: [Chapter(number: 4, title: "Subclass stubs", folder: "Chapter4-SubclassStubs")])
        let guardian = SourceGuard(workbook: workbook, scratchFolder: URL(fileURLWithPath: "/w/.build"))
        #expect(guardian.module(of: "Chapters/Chapter4-SubclassStubs/Screen.swift") == "Chapter4")
        #expect(guardian.module(of: "Chapters/Chapter4-SubclassStubs/TestDoubles/Stub.swift") == "Chapter4TestDoubles")
        #expect(guardian.module(of: "Solutions/Chapter4-SubclassStubs/Screen.swift") == "Chapter4Solution")
        #expect(guardian.module(of: "Tests/Chapter4Tests/1-Tests.swift") == "Chapter4Tests")
        #expect(guardian.module(of: "Tests/WorkbookSupport/CompileCheck.swift") == "WorkbookSupport")
    }
}
