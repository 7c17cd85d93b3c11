import Foundation

/// Turns a picture's URL into the picture. In an app this is the helper an image view calls,
/// often written as `imageView.downloadImage(from: url)`: it looks in the cache first and
/// downloads only what is missing.
///
/// An actor, because it keeps state that every caller shares: the downloads in flight.
public actor ImageLoader {
    private let downloader: any ImageDownloading
    private let cache: any ImageCaching
    /// One task per URL being downloaded right now. A caller that finds its URL here waits for
    /// that task instead of starting another download.
    private var downloadsInFlight: [URL: Task<Data, any Error>] = [:]

    /// Both dependencies are visible in the signature; the defaults are the app's own instances,
    /// so `ImageLoader()` keeps working for the app.
    public init(
        downloader: any ImageDownloading = NetworkImageDownloader.shared,
        cache: any ImageCaching = ImageCache.shared
    ) {
        self.downloader = downloader
        self.cache = cache
    }

    /// The picture at `url`: from the cache when it is there, downloaded and cached otherwise.
    public func loadImage(from url: URL) async throws -> Data {
        if let download = downloadsInFlight[url] {
            return try await download.value
        }
        if let cached = await cache.image(for: url) {
            return cached
        }
        let download = Task { [downloader, cache] in
            let image = try await downloader.downloadImage(from: url)
            await cache.insert(image, for: url)
            return image
        }
        downloadsInFlight[url] = download
        defer { downloadsInFlight[url] = nil }
        return try await download.value
    }
}
