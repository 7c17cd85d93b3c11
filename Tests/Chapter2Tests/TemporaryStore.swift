import Chapter2
import Foundation
import Testing
import WorkbookSupport

/// Runs `body` with a key-value store that belongs to this call alone: no other test, and no other
/// test process, ever uses it. Whatever the store saved is removed when `body` ends, also when it
/// throws or an expectation fails.
func withTemporaryStore<Result>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: (UserDefaults) throws -> Result
) throws -> Result {
    try withTemporaryStoreOnDisk(sourceLocation: sourceLocation) { store, _ in try body(store) }
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
func withTemporaryStoreOnDisk<Result>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: (UserDefaults, _ savedFile: URL?) throws -> Result
) throws -> Result {
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
    return try keepingTheStandardStore(sourceLocation: sourceLocation) { try body(store, savedFile) }
}

/// Runs `body`, which gives the code under test a store of its own, and records an issue if that
/// code wrote the choice into `UserDefaults.standard` instead, the real settings of whoever runs
/// the tests. It then puts back what the standard store held, so that a mistake leaves nothing
/// behind. (Every test of this chapter runs its body on the main actor without suspending, so no
/// other test of the chapter writes in between.)
func keepingTheStandardStore<Result>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Result
) rethrows -> Result {
    let key = AppSettings.questionStrategyKey
    let standard = UserDefaults.standard
    let before = standard.object(forKey: key)
    #if !canImport(Darwin)
        let file = standardStoreFile()
        let fileExisted = file.map { FileManager.default.fileExists(atPath: $0.path) } ?? true
    #endif
    defer {
        let after = standard.object(forKey: key)
        if describe(after) != describe(before) {
            Issue.record(
                """
                While this test ran, the code wrote (or registered) \(describe(after)) under "\(key)" in \
                UserDefaults.standard: the real settings of whoever runs the tests. (The test put back \
                what it could.) Every instance of AppSettings must read and write its own `store`, only \
                `shared` uses the standard one, and reading never writes.
                """,
                sourceLocation: sourceLocation)
            if let before { standard.set(before, forKey: key) } else { standard.removeObject(forKey: key) }
            #if !canImport(Darwin)
                // swift-corelibs-foundation writes the standard store to a file only when asked.
                // If the code did, write it back as it was, or remove the file it created.
                if let file, FileManager.default.fileExists(atPath: file.path) {
                    if fileExisted { standard.synchronize() } else { try? FileManager.default.removeItem(at: file) }
                }
            #endif
        }
    }
    return try body()
}

#if !canImport(Darwin)
    /// The file in which swift-corelibs-foundation keeps this process's standard store:
    /// `<process name>.plist` in the XDG config folder.
    func standardStoreFile() -> URL? {
        let environment = ProcessInfo.processInfo.environment
        let folder =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? environment["HOME"].map { URL(fileURLWithPath: $0).appendingPathComponent(".config") }
        return folder?.appendingPathComponent(ProcessInfo.processInfo.processName + ".plist")
    }
#endif

/// A stored value as the messages show it: `nothing` for no value.
func describe(_ value: Any?) -> String {
    value.map { "\($0)" } ?? "nothing"
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
