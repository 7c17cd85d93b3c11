import Foundation
import Synchronization

/// Turns a picture's URL into the picture. A final class whose one piece of shared state, the
/// table of downloads in flight, sits behind a `Mutex`.
public final class ImageLoader: Sendable {
    private let downloader: any ImageDownloading
    private let cache: any ImageCaching
    private let downloadsInFlight = Mutex<[URL: Task<Data, any Error>]>([:])

    public init(
        downloader: any ImageDownloading = NetworkImageDownloader.shared,
        cache: any ImageCaching = ImageCache.shared
    ) {
        self.downloader = downloader
        self.cache = cache
    }

    /// The picture at `url`: from the cache when it is there, downloaded and cached otherwise.
    public func loadImage(from url: URL) async throws -> Data {
        if let cached = await cache.image(for: url) {
            return cached
        }
        // Looking up and registering inside one `withLock`: nobody can get in between, and
        // nothing in there can `await`.
        let download = downloadsInFlight.withLock { table in
            if let running = table[url] {
                return running
            }
            let task = Task {
                // The download takes itself out of the table when it ends, with a picture or an
                // error, after the picture is in the cache.
                defer { self.downloadsInFlight.withLock { _ = $0.removeValue(forKey: url) } }
                let image = try await self.downloader.downloadImage(from: url)
                await self.cache.insert(image, for: url)
                return image
            }
            table[url] = task
            return task
        }
        return try await download.value
    }
}
