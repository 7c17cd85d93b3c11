import Foundation

/// Turns a picture's URL into the picture. In an app this is the helper an image view calls,
/// often written as `imageView.downloadImage(from: url)`: it looks in the cache first and
/// downloads only what is missing.
public nonisolated final class ImageLoader: Sendable {
    /// How the app makes its loader today: `ImageLoader()`.
    public init() {}

    // TODO: Step 5. The loader is handed a downloader and a cache, and drops both. Keep them,
    // and give the parameters the app's defaults, `NetworkImageDownloader.shared` and
    // `ImageCache.shared`. Then `ImageLoader()` can mean this initialiser, and the one above has
    // nothing left to do: delete it.
    public init(downloader: any ImageDownloading, cache: any ImageCaching) {}

    /// The picture at `url`: from the cache when it is there, downloaded and cached otherwise.
    public func loadImage(from url: URL) async throws -> Data {
        // TODO: Step 5. This reaches past the cache it was given, straight to the singleton.
        if let cached = await ImageCache.shared.image(for: url) {
            return cached
        }
        // TODO: Step 5. The method is `async`, yet it does not wait for anything: the download
        // runs in a task of its own, hidden inside, from the network singleton. Download with the
        // downloader you were given, wait for it, cache the picture and return it. Let a failed
        // download throw to the caller.
        Task {
            if let image = try? await NetworkImageDownloader.shared.downloadImage(from: url) {
                await ImageCache.shared.insert(image, for: url)
            }
        }
        // TODO: Step 7. Once it waits, a loader that many callers ask for the same URL at the
        // same moment downloads it once per caller. Let callers that arrive while that URL is
        // already being downloaded wait for the same download.

        // An empty picture, for "not here yet": the real one lands in the cache later, for the
        // next caller to find, if there is a next caller.
        return Data()
    }
}
