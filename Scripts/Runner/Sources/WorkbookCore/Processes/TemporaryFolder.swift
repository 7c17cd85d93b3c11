import Foundation

/// A folder of its own in the system's temporary directory, for a test to write into.
///
/// Tests never write anywhere else: not beside the sources, not in the home folder. Remove the
/// folder when the test ends, also when it fails: use ``withTemporaryFolder(_:isolation:_:)``
/// where you can.
public struct TemporaryFolder: Sendable {
    public let url: URL

    /// Makes a new, empty folder whose name starts with `prefix`.
    public init(prefix: String = "workbook") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Deletes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
