import Chapter5
import Foundation
import Synchronization
import Testing

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

// MARK: - Images

/// A `file:` URL that no other test uses, for a picture that does not exist. Even a loader that
/// ignores the fake downloader and asks the real network singleton only fails to read a file: no
/// test ever reaches the network.
func uniqueImageURL(_ name: String = "picture") -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("chapter5-\(name)-\(UUID().uuidString).png")
}

/// The picture the fake downloaders deliver for `url`: different for every URL, so a test can
/// tell which download a caller was given.
func fakeImage(for url: URL) -> Data {
    Data("picture at \(url.absoluteString)".utf8)
}

/// A picture as text, for failure messages: the fake pictures are text, and Swift Testing shows
/// a difference between two `Data` values byte by byte.
func text(of picture: Data) -> String {
    String(decoding: picture, as: UTF8.self)
}

/// A downloader that delivers `fakeImage(for:)` at once and counts its downloads.
actor CountingDownloader: ImageDownloading {
    private var downloads: [URL: Int] = [:]

    func downloadImage(from url: URL) -> Data {
        downloads[url, default: 0] += 1
        return fakeImage(for: url)
    }

    func downloadCount(for url: URL) -> Int {
        downloads[url, default: 0]
    }
}

/// A downloader whose first download fails and whose later ones succeed, like a network that
/// drops out for a moment.
actor FlakyDownloader: ImageDownloading {
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

/// A downloader for the tests about many callers at once. It holds every download until
/// `expectedDownloads` of them have started, or until `patience` has passed since the first one.
///
/// That makes the outcome certain rather than lucky. A loader that starts a download per caller
/// sends every request here and nothing finishes until they all have, so no caller can find the
/// picture cached early: it is called once per caller, every run. A loader that shares downloads
/// calls it once, waits out the patience, and passes. The patience also means it can never hang.
actor HeldDownloader: ImageDownloading {
    private let expectedDownloads: Int
    private let patience: Duration
    private var downloads: [URL: Int] = [:]
    private var firstStart: ContinuousClock.Instant?

    init(expectedDownloads: Int, patience: Duration = .milliseconds(500)) {
        self.expectedDownloads = expectedDownloads
        self.patience = patience
    }

    func downloadImage(from url: URL) async throws -> Data {
        downloads[url, default: 0] += 1
        let clock = ContinuousClock()
        let start = firstStart ?? clock.now
        firstStart = start
        // The actor is free while this sleeps, so the other downloads can arrive.
        while totalDownloads < expectedDownloads, clock.now < start + patience {
            try await Task.sleep(for: .milliseconds(5))
        }
        return fakeImage(for: url)
    }

    func downloadCount(for url: URL) -> Int {
        downloads[url, default: 0]
    }

    var totalDownloads: Int {
        downloads.values.reduce(0, +)
    }
}
