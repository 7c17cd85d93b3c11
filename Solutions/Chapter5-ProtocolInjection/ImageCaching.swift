import Foundation

/// Somewhere to keep pictures that have been downloaded. The loader needs nothing more from a
/// cache than these two calls, so that is all the protocol promises. Nothing to change in this
/// file.
///
/// Both calls are `async`: the app's cache guards its state, so a caller may have to wait its
/// turn, and another cache (one on disk, or a test's) may take its time to answer.
public nonisolated protocol ImageCaching: Sendable {
    /// The picture stored for `url`, or `nil`.
    func image(for url: URL) async -> Data?

    /// Stores `image` for `url`.
    func insert(_ image: Data, for url: URL) async
}
