import Foundation
import WorkbookKit

/// The workbook's one temporary-folder type (it lives with the runner, which uses it too).
public typealias TemporaryFolder = WorkbookKit.TemporaryFolder

/// Runs `body` with a new temporary folder and deletes the folder afterwards, whatever happens.
public func withTemporaryFolder<Result>(
    _ prefix: String = "workbook",
    isolation: isolated (any Actor)? = #isolation,
    _ body: (URL) async throws -> Result
) async throws -> Result {
    let folder = try TemporaryFolder(prefix: prefix)
    defer { folder.remove() }
    return try await body(folder.url)
}
