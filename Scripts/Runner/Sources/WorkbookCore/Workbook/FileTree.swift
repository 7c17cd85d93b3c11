import Foundation

/// The files below a folder, by path relative to it: the one walker that reads a tree of files.
///
/// Every walk passes over the folders of build products and version control (``isMachinery(_:)``)
/// wherever they are: they are never the workbook's content.
public enum FileTree {
    /// Whether a file or folder name is the machinery's, not the workbook's: version control
    /// (`.git`), SwiftPM's scratch folders and settings (`.build`, `.build-…`, `.swiftpm`) and the
    /// runner's own record (`.workbook`).
    public static func isMachinery(_ name: String) -> Bool {
        name == ".git" || name == ".build" || name.hasPrefix(".build-") || name == ".swiftpm" || name == ".workbook"
    }

    /// The relative paths of the regular files below `folder`, sorted, leaving out the folders
    /// whose relative paths are in `skipping` (and everything in them), and the machinery's.
    public static func paths(in folder: URL, skipping: Set<String> = []) -> [String] {
        let base = folder.standardizedFileURL.resolvingSymlinksInPath()
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var paths: [String] = []
        while let path = walker.nextObject() as? String {
            if skipping.contains(path) || isMachinery((path as NSString).lastPathComponent) {
                walker.skipDescendants()
                continue
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base.appendingPathComponent(path).path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                paths.append(path)
            }
        }
        return paths.sorted()
    }

    /// The files below `folder`: relative path → content.
    public static func read(_ folder: URL, skipping: Set<String> = []) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in paths(in: folder, skipping: skipping) {
            files[path] = try Data(contentsOf: folder.appendingPathComponent(path))
        }
        return files
    }

    /// The files below the workbook's `folders` (such as `Chapters`, `Tests/Chapter1Tests`) whose
    /// path relative to that folder `include` accepts: workbook-relative path → full path.
    public static func files(
        in folders: [String], of workbook: Workbook, where include: (String) -> Bool = { _ in true }
    ) -> [String: String] {
        var result: [String: String] = [:]
        for top in folders {
            let folder = workbook.root.appendingPathComponent(top)
            for path in paths(in: folder) where include(path) {
                result["\(top)/\(path)"] = folder.appendingPathComponent(path).path
            }
        }
        return result
    }
}
