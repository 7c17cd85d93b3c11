import Foundation

/// A SwiftPM scratch folder (`.build`, `.build-tsan`) belongs to the folder it was built in: its
/// products, its build manifest and the compiler's module cache name that folder's absolute path,
/// and a compiler given them elsewhere refuses them ("precompiled file … was compiled with module
/// cache path '/elsewhere/.build/…'", then "missing required module 'SwiftShims'"), which makes
/// every chapter "not compile". A `.build` copied into another clone (a teacher preparing
/// machines) is such a folder.
///
/// The runner marks each scratch folder with the workbook's path (`workbook-root.txt`) and, before
/// building, removes one that was made somewhere else: a first build in the new place costs a
/// minute; the copied products cost every chapter.
public enum ScratchFolder {
    static let markerName = "workbook-root.txt"

    /// Checks `scratch` against the workbook at `root`. When it was made for another folder, it is
    /// removed, and that folder's path is returned (or "another folder" when only the build
    /// manifest tells); otherwise it is marked as `root`'s and `nil` is returned.
    @discardableResult
    public static func claim(_ scratch: URL, for root: URL) -> String? {
        // The real path (symbolic links resolved), as `Scripts/workbook` writes it: one clone
        // reached by two paths is one place.
        let given = root.standardizedFileURL.path
        let here = realPath(given)
        let marker = scratch.appendingPathComponent(markerName)
        var madeIn: String?
        if let text = try? String(contentsOf: marker, encoding: .utf8) {
            let recorded = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if recorded != here { madeIn = recorded }
        } else if let manifest = try? String(
            contentsOf: scratch.appendingPathComponent("debug.yaml"), encoding: .utf8)
        {
            // A folder from before the marker: SwiftPM's build manifest names the package's path.
            if !manifest.contains(here + "/") && !manifest.contains(given + "/") {
                madeIn = formerRoot(in: manifest, scratchName: scratch.lastPathComponent) ?? "another folder"
            }
        }
        if madeIn != nil {
            try? FileManager.default.removeItem(at: scratch)
        }
        if FileManager.default.fileExists(atPath: scratch.path) || madeIn != nil {
            try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            try? (here + "\n").write(to: marker, atomically: true, encoding: .utf8)
        }
        return madeIn
    }

    /// `path` with symbolic links resolved by the system (`realpath`, as `pwd -P` does; Foundation's
    /// own resolution drops macOS's `/private`), or `path` when it cannot be resolved.
    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The folder a build manifest was made in: the path before the first "/.build/" (or the
    /// scratch folder's own name) it mentions.
    static func formerRoot(in manifest: String, scratchName: String) -> String? {
        guard let range = manifest.range(of: "/\(scratchName)/") else { return nil }
        let before = manifest[..<range.lowerBound]
        let start = before.lastIndex { "\"' \n".contains($0) }.map { before.index(after: $0) } ?? before.startIndex
        let path = String(before[start...])
        return path.hasPrefix("/") ? path : nil
    }

    /// Whether a failed build's output is the compiler refusing products made in another folder.
    public static func isFromAnotherFolder(_ buildOutput: String) -> Bool {
        buildOutput.contains("was compiled with module cache path")
    }

    /// What to tell the learner when a scratch folder made elsewhere was removed.
    public static func notice(_ scratch: String, madeIn: String) -> String {
        "\(scratch) was built in \(madeIn), not here (copied with the workbook?): its products name that "
            + "folder, and the compiler refuses them here. It was removed; this build starts afresh."
    }
}
