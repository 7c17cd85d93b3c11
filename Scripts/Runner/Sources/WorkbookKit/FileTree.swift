import Foundation

/// The files below a folder, by path relative to it: the one walker that reads a tree of files.
enum FileTree {
    /// The relative paths of the regular files below `folder`, sorted, leaving out the folders
    /// whose relative paths are in `skipping` (and everything in them).
    static func paths(in folder: URL, skipping: Set<String> = []) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var paths: [String] = []
        while let path = walker.nextObject() as? String {
            if skipping.contains(path) {
                walker.skipDescendants()
                continue
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                paths.append(path)
            }
        }
        return paths.sorted()
    }

    /// The files below `folder`: relative path → content.
    static func read(_ folder: URL, skipping: Set<String> = []) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in paths(in: folder, skipping: skipping) {
            files[path] = try Data(contentsOf: folder.appendingPathComponent(path))
        }
        return files
    }
}
