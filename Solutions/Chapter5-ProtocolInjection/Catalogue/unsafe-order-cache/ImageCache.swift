import Foundation
import Synchronization

/// The pictures the app has already downloaded, bounded, least recently used first out. The
/// pictures sit behind a lock; the order they were used in is a plain array the compiler was told
/// not to worry about.
public final class ImageCache: ImageCaching {
    public static let shared = ImageCache(limit: 100)

    private let limit: Int
    private let images = Mutex<[URL: Data]>([:])
    /// Least recently used first.
    nonisolated(unsafe) private var usageOrder: [URL] = []

    public init(limit: Int) {
        self.limit = max(0, limit)
    }

    public func image(for url: URL) async -> Data? {
        guard let image = images.withLock({ $0[url] }) else { return nil }
        markUsed(url)
        return image
    }

    public func insert(_ image: Data, for url: URL) async {
        images.withLock { $0[url] = image }
        markUsed(url)
        while usageOrder.count > limit {
            let leastRecent = usageOrder.removeFirst()
            images.withLock { $0[leastRecent] = nil }
        }
    }

    public var count: Int {
        get async { images.withLock { $0.count } }
    }

    private func markUsed(_ url: URL) {
        usageOrder.removeAll { $0 == url }
        usageOrder.append(url)
    }
}
