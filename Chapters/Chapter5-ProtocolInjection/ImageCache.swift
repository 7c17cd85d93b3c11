import Foundation
import Synchronization

/// The pictures the app has already downloaded, kept in memory so that a picture shown twice is
/// fetched once. In an app, the thumbnails of a list the user scrolls up and down.
///
/// Its methods are `async` so that it may be a class with a lock or an actor: callers `await`
/// either one in the same way.
public final class ImageCache: Sendable {
    /// The cache the whole app shares: one memory budget for all its screens.
    public static let shared = ImageCache(limit: 100)

    // TODO: Step 6. The cache ignores its limit and keeps every picture for the life of the app,
    // so memory only ever grows. Keep the limit, and whatever you need to know which picture
    // was used least recently.
    public init(limit: Int) {}

    /// Every access to the dictionary takes the lock, so there is no data race here.
    private let images = Mutex<[URL: Data]>([:])

    /// The picture stored for `url`, or `nil`. Finding it counts as using it.
    public func image(for url: URL) async -> Data? {
        // TODO: Step 6. Remember that this picture has just been used.
        images.withLock { $0[url] }
    }

    /// Stores `image` for `url`, which counts as using it.
    public func insert(_ image: Data, for url: URL) async {
        // TODO: Step 6. When this makes the cache hold more than its limit, evict the picture
        // that was used least recently, and only that one.
        images.withLock { $0[url] = image }
    }

    /// How many pictures the cache holds right now.
    public var count: Int {
        get async { images.withLock { $0.count } }
    }
}
