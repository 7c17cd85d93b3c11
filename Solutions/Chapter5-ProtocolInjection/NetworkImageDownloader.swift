import Foundation

#if canImport(FoundationNetworking)
    // On Linux, `URLSession` lives in a module of its own.
    import FoundationNetworking
#endif

/// The app's network client for pictures, the `NetworkManager.shared` of many apps. Nothing to
/// change in this file.
public nonisolated final class NetworkImageDownloader: ImageDownloading {
    /// The one client of the app.
    public static let shared = NetworkImageDownloader()

    private init() {}

    /// `@concurrent`: reading a file blocks, so it runs off the caller's actor in every world. In an
    /// app target a plain `async` function would run on the caller's, the main actor for a screen.
    @concurrent public func downloadImage(from url: URL) async throws -> Data {
        if url.isFileURL {
            // Linux's `URLSession` refuses `file:` URLs ("unsupported URL"), so local files are
            // read directly, on every platform alike.
            return try Data(contentsOf: url)
        }
        let (data, response) = try await URLSession.shared.data(from: url)
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw URLError(.badServerResponse)
        }
        return data
    }
}
