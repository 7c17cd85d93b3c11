import Foundation

/// The pictures the app has already downloaded, kept in memory so that a picture shown twice is
/// fetched once. In an app, the thumbnails of a list the user scrolls up and down.
///
/// An actor: its state is touched by every task that shows a picture, and an actor lets only one
/// of them in at a time. The pictures and the order they were used in are two pieces of state
/// that change together; no method awaits anything, so no other call can slip in between the two.
public actor ImageCache {
    /// The cache the whole app shares: one memory budget for all its screens.
    public static let shared = ImageCache(limit: 100)

    /// The most pictures the cache holds at once.
    private let limit: Int
    private var images: [URL: Data] = [:]
    /// Every URL in `images`, least recently used first: the next one to evict is at the front.
    private var usageOrder: [URL] = []

    /// A cache that holds at most `limit` pictures. A limit below one keeps nothing.
    public init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The picture stored for `url`, or `nil`. Finding it counts as using it.
    public func image(for url: URL) -> Data? {
        guard let image = images[url] else { return nil }
        markUsed(url)
        return image
    }

    /// Stores `image` for `url`, which counts as using it, then evicts the least recently used
    /// pictures until the cache is within its limit.
    public func insert(_ image: Data, for url: URL) {
        images[url] = image
        markUsed(url)
        while images.count > limit, !usageOrder.isEmpty {
            images[usageOrder.removeFirst()] = nil
        }
    }

    /// How many pictures the cache holds right now.
    public var count: Int {
        images.count
    }

    /// Moves `url` to the back of the line. Linear in the number of pictures, which is fine for
    /// the hundred or so a cache like this holds.
    private func markUsed(_ url: URL) {
        usageOrder.removeAll { $0 == url }
        usageOrder.append(url)
    }
}

// The conformance in an extension: Swift 6.3 sometimes carries a `nonisolated` protocol's
// `nonisolated` over to an actor that conforms where it is declared, then refuses the actor.
extension ImageCache: ImageCaching {}
