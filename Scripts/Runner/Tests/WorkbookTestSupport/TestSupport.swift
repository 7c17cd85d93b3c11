import Foundation
import WorkbookCore

/// The workbook these tests belong to: `Scripts/Runner/Tests/WorkbookTestSupport/` is four folders
/// below its root.
public let workbookRoot: URL = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    for _ in 0..<4 { folder = folder.deletingLastPathComponent() }
    return folder
}()

/// `withTemporaryFolder` for synchronous bodies.
public func withTemporaryFolderSync<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let folder = try TemporaryFolder(prefix: "workbook-test")
    defer { folder.remove() }
    return try body(folder.url)
}

/// Writes `text` to `path` under `root`, making the folders on the way.
public func writeFile(_ text: String, at path: String, under root: URL) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
}

extension Workbook {
    /// A workbook value for tests that need no files.
    public static func stub(root: String, chapters: [Chapter] = []) -> Workbook {
        Workbook(root: URL(fileURLWithPath: root), chapters: chapters)
    }
}
