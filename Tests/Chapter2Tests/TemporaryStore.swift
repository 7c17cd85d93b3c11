import Foundation
import WorkbookSupport

/// Runs `body` with a key-value store that belongs to this call alone: no other test, and no other
/// test process, ever uses it. Whatever the store saved is removed when `body` ends, also when it
/// throws or an expectation fails.
func withTemporaryStore<Result>(_ body: (UserDefaults) throws -> Result) throws -> Result {
    try withTemporaryStoreOnDisk { store, _ in try body(store) }
}

/// Like `withTemporaryStore`, and also hands `body` the file in which the store saves its data on
/// Linux, so that a test can check what would be there at the next launch; `nil` on macOS, where
/// the system writes the file when it sees fit.
///
/// Where a suite's data ends up depends on the platform:
/// - swift-corelibs-foundation (Linux) keeps the suite `name` in `name.plist` in the XDG config
///   folder (`~/.config` unless `XDG_CONFIG_HOME` says otherwise). A name that is an absolute path
///   is taken as the path of the file, so the suite here is a path inside a temporary folder, and
///   nothing reaches the home folder at all. It writes the file only when `synchronize()` is called.
/// - On macOS the system keeps suites in `~/Library/Preferences` and takes no paths, so the suite
///   gets a name of its own, and its persistent domain is removed at the end.
func withTemporaryStoreOnDisk<Result>(_ body: (UserDefaults, _ savedFile: URL?) throws -> Result) throws -> Result {
    let folder = try TemporaryFolder(prefix: "chapter2-store")
    defer { folder.remove() }
    #if canImport(Darwin)
        let suiteName = "SingletonsWorkbook.Chapter2.\(UUID().uuidString)"
        let savedFile: URL? = nil
    #else
        let suiteName = folder.url.appendingPathComponent("settings").path
        let savedFile: URL? = URL(fileURLWithPath: suiteName + ".plist")
    #endif
    guard let store = UserDefaults(suiteName: suiteName) else {
        throw TemporaryStoreError(suiteName: suiteName)
    }
    // Runs before the folder is removed: empties the suite and deletes its file.
    defer { store.removePersistentDomain(forName: suiteName) }
    return try body(store, savedFile)
}

/// What the store's file holds under `key`, or `nil` if there is no file or no such key.
func savedValue(forKey key: String, in savedFile: URL) -> Any? {
    guard let data = try? Data(contentsOf: savedFile),
        let saved = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
    else {
        return nil
    }
    return saved[key]
}

struct TemporaryStoreError: Error, CustomStringConvertible {
    let suiteName: String
    var description: String { "UserDefaults(suiteName: \"\(suiteName)\") made no store" }
}
