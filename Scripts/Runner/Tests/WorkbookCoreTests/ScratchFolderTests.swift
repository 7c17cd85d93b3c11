import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore

@Suite("A build folder made in another folder")
struct ScratchFolderTests {
    @Test("A folder marked for another place is removed and its place named; one marked for this place is kept")
    func marked() throws {
        try withTemporaryFolderSync { folder in
            let root = folder.appendingPathComponent("clone")
            let scratch = root.appendingPathComponent(".build")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            try "/elsewhere/workbook\n".write(
                to: scratch.appendingPathComponent("workbook-root.txt"), atomically: true, encoding: .utf8)
            try "product".write(to: scratch.appendingPathComponent("product.o"), atomically: true, encoding: .utf8)

            #expect(ScratchFolder.claim(scratch, for: root) == "/elsewhere/workbook")
            #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("product.o").path))
            let mark = try String(contentsOf: scratch.appendingPathComponent("workbook-root.txt"), encoding: .utf8)
            #expect(mark == ScratchFolder.realPath(root.path) + "\n", "Marked as this place's now.")

            try "product".write(to: scratch.appendingPathComponent("product.o"), atomically: true, encoding: .utf8)
            #expect(ScratchFolder.claim(scratch, for: root) == nil)
            #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("product.o").path))
        }
    }

    @Test("A folder from before the mark is judged by the build manifest's paths")
    func unmarked() throws {
        try withTemporaryFolderSync { folder in
            let root = folder.appendingPathComponent("clone")
            let scratch = root.appendingPathComponent(".build")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let manifest = scratch.appendingPathComponent("debug.yaml")
            try "inputs: [\"/work/main/.build/x86_64/debug/A.o\"]\n".write(
                to: manifest, atomically: true, encoding: .utf8)
            #expect(ScratchFolder.claim(scratch, for: root) == "/work/main")
            #expect(!FileManager.default.fileExists(atPath: manifest.path))

            try "inputs: [\"\(root.path)/.build/x86_64/debug/A.o\"]\n".write(
                to: manifest, atomically: true, encoding: .utf8)
            try FileManager.default.removeItem(at: scratch.appendingPathComponent("workbook-root.txt"))
            #expect(ScratchFolder.claim(scratch, for: root) == nil, "Made here: kept.")
            #expect(FileManager.default.fileExists(atPath: manifest.path))

            let empty = root.appendingPathComponent(".build-tsan")
            #expect(ScratchFolder.claim(empty, for: root) == nil)
            #expect(!FileManager.default.fileExists(atPath: empty.path), "A folder that is not there is not made.")
        }
    }

    @Test("The compiler's refusal of another folder's products is recognised")
    func refusal() {
        #expect(
            ScratchFolder.isFromAnotherFolder(
                "<unknown>:0: error: precompiled file '/b/.build/x/ModuleCache/S.pcm' was compiled with module cache "
                    + "path '/a/.build/x/ModuleCache', but the path is currently '/b/.build/x/ModuleCache'"))
        #expect(!ScratchFolder.isFromAnotherFolder("error: cannot find 'x' in scope"))
        #expect(ScratchFolder.notice(".build", madeIn: "/a").contains("was built in /a, not here"))
    }
}
