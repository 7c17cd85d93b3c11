import Foundation
import Synchronization

/// The pictures the app has already downloaded, bounded, least recently used first out. A class
/// with a lock for the pictures and another for the order they were used in.
public final class ImageCache: ImageCaching {
    public static let shared = ImageCache(limit: 100)

    private let limit: Int
    private let images = Mutex<[URL: Data]>([:])
    /// Least recently used first.
    private let usageOrder = Mutex<[URL]>([])

    public init(limit: Int) {
        self.limit = max(0, limit)
    }

    public func image(for url: URL) async -> Data? {
        guard let image = images.withLock({ $0[url] }) else { return nil }
        usageOrder.withLock { order in
            order.removeAll { $0 == url }
            order.append(url)
        }
        return image
    }

    public func insert(_ image: Data, for url: URL) async {
        images.withLock { $0[url] = image }
        let evicted = usageOrder.withLock { order in
            order.removeAll { $0 == url }
            order.append(url)
            let excess = max(0, order.count - limit)
            let evicted = order.prefix(excess)
            order.removeFirst(excess)
            return Array(evicted)
        }
        images.withLock { images in
            for url in evicted { images[url] = nil }
        }
    }

    public var count: Int {
        get async { images.withLock { $0.count } }
    }
}
