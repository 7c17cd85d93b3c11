import Foundation
import WorkbookCore

/// A package with one chapter in it, where the verifier lays a tree of that chapter's files
/// (a catalogue case, a mutant of the solution), builds incrementally and runs the chapter's
/// tests. It holds the manifest, the chapter's tests, the test helpers and the Thread Sanitizer
/// annotations, copied from the verifier's mirror; the chapter's code goes in its starter folder,
/// so it is built in the default mode. Only files whose content changed are written, so its
/// builds stay incremental from one verify to the next.
struct ChapterWorkspace: Sendable {
    /// The verifier's copy of the workbook, where the shared files come from.
    let mirror: Workbook
    let chapter: Chapter
    /// Where the package is.
    let folder: URL

    /// Writes the shared files, and returns the workspace as a workbook (of one chapter).
    func prepare() throws -> Workbook {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        let shared = [
            "Package.swift", chapter.testsFolder, "Tests/WorkbookSupport", "Scripts/Runner/tsan",
        ]
        for path in shared {
            let source = mirror.root.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            guard fileManager.fileExists(atPath: source.path, isDirectory: &isFolder) else { continue }
            let contents = isFolder.boolValue ? try FileTree.read(source) : ["": try Data(contentsOf: source)]
            let target = folder.appendingPathComponent(path)
            for (file, data) in contents {
                try write(data, to: file.isEmpty ? target : target.appendingPathComponent(file))
            }
            if isFolder.boolValue {
                for file in FileTree.paths(in: target) where contents[file] == nil {
                    try fileManager.removeItem(at: target.appendingPathComponent(file))
                }
            }
        }
        try fileManager.createDirectory(
            at: folder.appendingPathComponent(chapter.starterFolder), withIntermediateDirectories: true)
        return try Workbook(root: folder)
    }

    /// Makes the workspace's copy of the chapter's folder hold exactly `files` (relative to it).
    func lay(_ files: [String: Data]) throws {
        let chapterFolder = folder.appendingPathComponent(chapter.starterFolder)
        for (file, data) in files { try write(data, to: chapterFolder.appendingPathComponent(file)) }
        for file in FileTree.paths(in: chapterFolder) where files[file] == nil {
            try FileManager.default.removeItem(at: chapterFolder.appendingPathComponent(file))
        }
    }

    /// The chapter's folder with the reference solution in it: the starter's lesson and hints
    /// (the manifest names them), the solution's Swift files (`TestDoubles/` included, never the
    /// catalogue).
    static func solutionTree(of chapter: Chapter, in mirror: Workbook) throws -> [String: Data] {
        let starter = try FileTree.read(mirror.root.appendingPathComponent(chapter.starterFolder))
        let solution = try FileTree.read(
            mirror.root.appendingPathComponent(chapter.solutionFolder), skipping: ["Catalogue"])
        return starter.filter { !$0.key.hasSuffix(".swift") }.merging(solution.filter { $0.key.hasSuffix(".swift") }) {
            $1
        }
    }

    /// Writes `data` when it differs from what is there. A new file each time (written aside and
    /// moved in place), so the build sees the change even when size and time stay the same.
    private func write(_ data: Data, to url: URL) throws {
        if FileManager.default.contents(atPath: url.path) == data { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }
}
