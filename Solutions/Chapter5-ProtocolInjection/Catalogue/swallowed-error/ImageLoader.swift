import Foundation

/// Turns a picture's URL into the picture. In an app this is the helper an image view calls.
public final class ImageLoader: Sendable {
    private let downloader: any ImageDownloading
    private let cache: any ImageCaching

    public init(
        downloader: any ImageDownloading = NetworkImageDownloader.shared,
        cache: any ImageCaching = ImageCache.shared
    ) {
        self.downloader = downloader
        self.cache = cache
    }

    /// The picture at `url`, or an empty picture when the download fails: a screen can always
    /// show something.
    public func loadImage(from url: URL) async throws -> Data {
        if let cached = await cache.image(for: url) {
            return cached
        }
        guard let image = try? await downloader.downloadImage(from: url) else {
            return Data()
        }
        await cache.insert(image, for: url)
        return image
    }
}
