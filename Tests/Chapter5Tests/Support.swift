import Chapter5
import Foundation
import Synchronization
import Testing
import WorkbookSupport

// Helpers the chapter's tests share. No tests in this file.

// MARK: - Users

/// Runs `body` with a user name that no other test, run or process uses. Afterwards it deletes
/// that name from the app's real store, in case the code under test wrote it there (the starter
/// does), so that no file outlives the test.
func withUniqueName<Result>(_ label: String, _ body: (String) throws -> Result) throws -> Result {
    let name = "\(label) \(UUID().uuidString)"
    defer { try? DiskUserStorage.shared.removeUser(named: name) }
    return try body(name)
}

/// A storage in which every name is already taken. A struct, not a subclass of anything: a
/// protocol accepts any type that conforms, where Chapter 4's stub had to inherit from the
/// singleton.
struct EveryNameIsTaken: UserStorage {
    func user(named name: String) -> User? {
        User(name: name)
    }

    func save(_ user: User) {}
}

/// A storage that knows nobody and writes down every user it is asked to save.
final class SaveRecorder: UserStorage {
    private let saved = Mutex<[User]>([])

    var savedUsers: [User] {
        saved.withLock { $0 }
    }

    func user(named name: String) -> User? {
        nil
    }

    func save(_ user: User) {
        saved.withLock { $0.append(user) }
    }
}

/// Registers `name` through a manager given `storage`, whatever the manager's design: one that
/// takes `any UserStorage`, or a generic one (the storage is opened to its own type here).
func register<Storage: UserStorage>(_ name: String, through storage: Storage) throws -> Bool {
    try UserManager(storage: storage).registerUser(name: name)
}

/// The ways a storage can fail that `UserManager` must pass on.
enum StorageFailure: String, CaseIterable, Sendable {
    case lookUp = "look the name up"
    case save = "save the user"
}

/// The app's own disk store, set up in `folder` so that it fails for `name` as `failure` says: the
/// name's file spoilt (the lookup throws), or a file where its folder should be (the save throws). Found as a `UserStorage` at run time, so that these tests compile whatever the
/// protocol says; `nil` until `DiskUserStorage` conforms (Step 2).
func brokenDiskStorage(in folder: URL, failing failure: StorageFailure, for name: String) throws -> (any UserStorage)? {
    let store: DiskUserStorage
    switch failure {
    case .lookUp:
        // The user is saved, then every file of the store is spoilt: the lookup finds the file and
        // cannot read it.
        store = DiskUserStorage(folder: folder)
        try store.save(User(name: name))
        for file in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
            try Data("not a user".utf8).write(to: file)
        }
    case .save:
        let notAFolder = folder.appendingPathComponent("users")
        try Data("a file where the folder should be".utf8).write(to: notAFolder)
        store = DiskUserStorage(folder: notAFolder)
    }
    return store as Any as? any UserStorage
}

// MARK: - Images

/// A cache that takes its time to store a picture (0.3 s), and says what it holds without a wait.
/// A loader that does not wait for the store to finish returns before the picture is in.
final class SlowToStoreCache: ImageCaching {
    private let stored = Mutex<[URL: Data]>([:])

    func image(for url: URL) async -> Data? {
        stored.withLock { $0[url] }
    }

    func insert(_ image: Data, for url: URL) async {
        try? await Task.sleep(for: .milliseconds(300))
        stored.withLock { $0[url] = image }
    }

    /// What the cache holds for `url` right now.
    func imageStoredNow(for url: URL) -> Data? {
        stored.withLock { $0[url] }
    }
}

/// A cache that keeps nothing: every lookup misses. A loader whose callers share a download only
/// through the cache then downloads once per caller.
struct ForgetfulCache: ImageCaching {
    func image(for url: URL) async -> Data? { nil }
    func insert(_ image: Data, for url: URL) async {}
}

/// A `file:` URL that no other test uses, for a picture that does not exist. Even a loader that
/// ignores the fake downloader and asks the real network singleton only fails to read a file: no
/// test ever reaches the network.
func uniqueImageURL(_ name: String = "picture") -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("chapter5-\(name)-\(UUID().uuidString).png")
}

/// The picture the fake downloaders deliver for `url`: different for every URL, so a test can
/// tell which download a caller was given.
func fakeImage(for url: URL) -> Data {
    // A URL made by `uniqueImageURL("empty")` is an empty picture: a picture all the same.
    url.lastPathComponent.hasPrefix("chapter5-empty-") ? Data() : Data("picture at \(url.absoluteString)".utf8)
}

/// A picture as text, for failure messages: the fake pictures are text, and Swift Testing shows
/// a difference between two `Data` values byte by byte.
func text(of picture: Data) -> String {
    String(decoding: picture, as: UTF8.self)
}

/// A downloader that delivers `fakeImage(for:)` at once and counts its downloads.
actor CountingDownloader {
    private var downloads: [URL: Int] = [:]

    func downloadImage(from url: URL) -> Data {
        downloads[url, default: 0] += 1
        return fakeImage(for: url)
    }

    func downloadCount(for url: URL) -> Int {
        downloads[url, default: 0]
    }
}

// The conformance in an extension: Swift 6.3 sometimes carries a `nonisolated` protocol's
// `nonisolated` over to an actor that conforms where it is declared, then refuses the actor.
extension CountingDownloader: ImageDownloading {}

/// A downloader that holds each download until the test opens it, or five seconds have passed
/// (so it can never hang), and counts its downloads.
actor GatedDownloader {
    private var downloads: [URL: Int] = [:]
    private var isOpen = false

    func downloadImage(from url: URL) async throws -> Data {
        downloads[url, default: 0] += 1
        let deadline = ContinuousClock.now + .seconds(5)
        while !isOpen, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
        }
        return fakeImage(for: url)
    }

    func open() {
        isOpen = true
    }

    func downloadCount(for url: URL) -> Int {
        downloads[url, default: 0]
    }
}

extension GatedDownloader: ImageDownloading {}

/// A downloader whose first download fails and whose later ones succeed, like a network that
/// drops out for a moment.
actor FlakyDownloader {
    struct ConnectionLost: Error {}

    private(set) var downloadCount = 0

    func downloadImage(from url: URL) throws -> Data {
        downloadCount += 1
        if downloadCount == 1 {
            throw ConnectionLost()
        }
        return fakeImage(for: url)
    }
}

extension FlakyDownloader: ImageDownloading {}

/// A downloader for the tests about many callers at once. It holds every download until
/// `expectedDownloads` of them have started, or until `patience` has passed with no new one
/// (counted from the latest, so on a busy machine, where the callers come slowly, it still waits
/// for them all).
///
/// That makes the outcome certain rather than lucky. A loader that starts a download per caller
/// sends every request here and nothing finishes until they all have, so no caller can find the
/// picture cached early: it is called once per caller, every run. A loader that shares downloads
/// calls it once, waits out the patience, and passes. The patience also means it can never hang.
actor HeldDownloader {
    private let expectedDownloads: Int
    private let patience: Duration
    /// Whether each download ends by throwing `ConnectionLost` instead of delivering.
    private let failing: Bool
    private var downloads: [URL: Int] = [:]

    struct ConnectionLost: Error {}

    init(expectedDownloads: Int, patience: Duration = .milliseconds(500), failing: Bool = false) {
        self.expectedDownloads = expectedDownloads
        self.patience = patience
        self.failing = failing
    }

    func downloadImage(from url: URL) async throws -> Data {
        downloads[url, default: 0] += 1
        // The actor is free while this waits, so the other downloads can arrive; each one that
        // does gives the waiting ones a new patience.
        await waitForQuiet(patience, arrivals: { totalDownloads }, orUntil: { totalDownloads >= expectedDownloads })
        try Task.checkCancellation()
        if failing { throw ConnectionLost() }
        return fakeImage(for: url)
    }

    func downloadCount(for url: URL) -> Int {
        downloads[url, default: 0]
    }

    var totalDownloads: Int {
        downloads.values.reduce(0, +)
    }
}

extension HeldDownloader: ImageDownloading {}

/// A downloader that counts how many of its downloads run at the same moment. Each one takes a
/// fifth of a millisecond, so two that overlap are seen overlapping.
actor OverlapCountingDownloader {
    private var running = 0
    private(set) var mostAtOnce = 0
    private(set) var downloads = 0

    func downloadImage(from url: URL) async throws -> Data {
        running += 1
        downloads += 1
        mostAtOnce = max(mostAtOnce, running)
        // The actor is free while this sleeps: a second download can start meanwhile.
        try? await Task.sleep(for: .microseconds(200))
        running -= 1
        return fakeImage(for: url)
    }
}

extension OverlapCountingDownloader: ImageDownloading {}

/// A cache that is slow to answer, as one that reads from disk would be. It holds every lookup
/// until `expectedLookups` of them have arrived, or until `patience` has passed with no new one
/// (counted from the latest, so slow but steady arrivals on a busy machine still all meet), and
/// then lets them all go at once.
///
/// That makes the outcome certain for the tests about many callers at once. A loader that looks
/// in its table of downloads in flight, then awaits the cache, then registers its download, lets
/// every caller past the table before any of them registers: they all wait here, all go at once,
/// and each starts a download, every run. A loader that looks in the cache before the table, or
/// inside the shared download, passes: in the first case every caller arrives and the gate opens
/// at once; in the second, the one lookup waits out the patience. The patience also means it can
/// never hang.
actor SlowCache {
    private let expectedLookups: Int
    private let patience: Duration
    private var images: [URL: Data] = [:]
    private var lookups = 0
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(expectedLookups: Int, patience: Duration = .milliseconds(500)) {
        self.expectedLookups = expectedLookups
        self.patience = patience
    }

    func image(for url: URL) async -> Data? {
        if !isOpen {
            lookups += 1
            if lookups >= expectedLookups {
                open()
            } else {
                if lookups == 1 { openAfterPatience() }
                await withCheckedContinuation { waiting.append($0) }
            }
        }
        return images[url]
    }

    func insert(_ image: Data, for url: URL) {
        images[url] = image
    }

    private func open() {
        isOpen = true
        for lookup in waiting { lookup.resume() }
        waiting.removeAll()
    }

    private func openAfterPatience() {
        Task {
            await waitForQuiet(patience, arrivals: { lookups }, orUntil: { isOpen })
            open()
        }
    }
}

extension SlowCache: ImageCaching {}

/// Asks `loader` for `url` from `callers` tasks at once, and returns what each of them got
/// (`nil` for an error).
func loadConcurrently(_ url: URL, callers: Int, from loader: ImageLoader) async -> [Data?] {
    await withTaskGroup(of: Data?.self) { group in
        for _ in 1...callers {
            group.addTask { try? await loader.loadImage(from: url) }
        }
        return await group.reduce(into: [Data?]()) { $0.append($1) }
    }
}
