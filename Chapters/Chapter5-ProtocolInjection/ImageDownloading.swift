import Foundation

/// Something that fetches the bytes of a picture. The loader needs nothing more than this from
/// the network, so that is all the protocol promises. Nothing to change in this file.
///
/// An "image" in this chapter is plain `Data`: in an app it would be the encoded PNG or JPEG
/// that becomes a `UIImage` or an `NSImage` on screen.
public nonisolated protocol ImageDownloading: Sendable {
    /// The bytes at `url`. Returns only once they have all arrived; throws when they cannot.
    func downloadImage(from url: URL) async throws -> Data
}
