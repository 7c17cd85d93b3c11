import Foundation
import Synchronization

// TODO: Step 6. Make the cache an `actor`, and give it a bound. Today it is a class whose one
// dictionary sits behind a lock, and it keeps every picture for the life of the app. A bound adds
// a second piece of state, the order in which pictures were used, that must change together with
// the pictures. In an actor, each method runs from start to end with no other task in between,
// and there is no second lock to take or to forget.

/// The pictures the app has already downloaded, kept in memory so that a picture shown twice is
/// fetched once. In an app, the thumbnails of a list the user scrolls up and down.
public nonisolated final class ImageCache: ImageCaching {
    /// The cache the whole app shares: one memory budget for all its screens.
    public static let shared = ImageCache(limit: 100)

    // TODO: Step 6. The cache ignores its limit. Keep it, and whatever you need to know which
    // picture was used least recently.
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
