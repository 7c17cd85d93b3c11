import Foundation

/// A copy of the workbook kept in step with the working copy, with the committed starters in it
/// when `Chapters/` has local changes: what `./Scripts/verify` builds and tests
/// (`.build-verify/workbook`), the copy GitHub Classroom's commands run in, and the runner's
/// scenarios' sandbox.
///
/// Only files whose content changed are written, so builds in the copy stay incremental. When
/// `Chapters/` has local changes (a learner's work, a maintainer's experiment), the copy gets the
/// committed starters instead: the verifier checks what is committed, and never touches the
/// working copy.
public struct WorkbookCopy: Sendable {
    public let source: URL
    public let destination: URL

    public init(of source: URL, at destination: URL) {
        self.source = source
        self.destination = destination
    }

    /// What the sync did, for the verifier to say.
    public struct Outcome: Sendable {
        /// Whether `Chapters/` came from the last commit rather than the working copy.
        public var usedCommittedStarters: Bool
        public var isGitCheckout: Bool
    }

    /// Brings the mirror in line with the working copy.
    public func sync() async throws -> Outcome {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: destination, withIntermediateDirectories: true)
        // Only the top of a checkout counts: a copy inside another repository's ignored folder
        // (the verifier's own mirror, say) would list no files at all.
        let top = await git(["rev-parse", "--show-toplevel"])?.trimmingCharacters(in: .whitespacesAndNewlines)
        let isGit =
            top.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
            == source.resolvingSymlinksInPath().path

        var files: [String: URL] = [:]  // mirror-relative path → where its content comes from
        if isGit, let listed = await git(["ls-files", "-z", "--cached", "--others", "--exclude-standard"]) {
            for path in listed.split(separator: "\0").map(String.init) {
                files[path] = source.appendingPathComponent(path)
            }
        } else {
            for path in FileTree.paths(in: source) { files[path] = source.appendingPathComponent(path) }
        }

        var usedCommitted = false
        let changes = isGit ? await git(["status", "--porcelain", "--", "Chapters"]) ?? "" : ""
        let staging = destination.deletingLastPathComponent().appendingPathComponent("committed-starters")
        if !changes.isEmpty {
            // The starters as last committed, written out beside the mirror.
            try? fileManager.removeItem(at: staging)
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            let archive = try await Command(
                ["sh", "-c", "git archive --format=tar HEAD Chapters | tar -x -f - -C \"$1\"", "sh", staging.path],
                in: source
            ).run()
            guard archive.succeeded else { throw CommandError("cannot read the committed starters: \(archive.output)") }
            files = files.filter { !$0.key.hasPrefix("Chapters/") }
            for path in FileTree.paths(in: staging) { files[path] = staging.appendingPathComponent(path) }
            usedCommitted = true
        }

        for (path, origin) in files {
            guard let content = fileManager.contents(atPath: origin.path) else { continue }  // deleted, not committed
            let target = destination.appendingPathComponent(path)
            if fileManager.contents(atPath: target.path) == content { continue }
            try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try content.write(to: target)
            if fileManager.isExecutableFile(atPath: origin.path) {
                try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target.path)
            }
        }
        for path in FileTree.paths(in: destination) where files[path] == nil {
            try fileManager.removeItem(at: destination.appendingPathComponent(path))
        }
        return Outcome(usedCommittedStarters: usedCommitted, isGitCheckout: isGit)
    }

    /// Runs git in the source folder; `nil` when it fails.
    private func git(_ arguments: [String]) async -> String? {
        guard let result = try? await Command(["git"] + arguments, in: source).run(), result.succeeded else {
            return nil
        }
        return result.output
    }
}
