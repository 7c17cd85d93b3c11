import Foundation

/// The pictures the app has already downloaded. Each entry carries the number of the last use,
/// from a counter; eviction removes the entry with the smallest number.
public actor ImageCache: ImageCaching {
    public static let shared = ImageCache(limit: 100)

    private struct Entry {
        var image: Data
        var lastUse: Int
    }

    private let limit: Int
    private var entries: [URL: Entry] = [:]
    private var uses = 0

    public init(limit: Int) {
        self.limit = max(0, limit)
    }

    public func image(for url: URL) -> Data? {
        guard let entry = entries[url] else { return nil }
        entries[url]?.lastUse = nextUse()
        return entry.image
    }

    public func insert(_ image: Data, for url: URL) {
        entries[url] = Entry(image: image, lastUse: nextUse())
        while entries.count > limit,
            let leastRecent = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
        {
            entries[leastRecent] = nil
        }
    }

    public var count: Int {
        entries.count
    }

    private func nextUse() -> Int {
        uses += 1
        return uses
    }
}
