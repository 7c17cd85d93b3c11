import Chapter5
import Foundation
import Testing

@Suite("The image cache is bounded and evicts the least recently used picture")
struct ImageCacheTests {
    @Test("The cache never holds more pictures than its limit")
    func neverAboveTheLimit() async {
        let cache = ImageCache(limit: 3)
        var largestCount = 0

        for index in 1...8 {
            let url = uniqueImageURL("picture\(index)")
            await cache.insert(fakeImage(for: url), for: url)
            largestCount = max(largestCount, await cache.count)
        }

        #expect(
            largestCount == 3,
            """
            A cache with a limit of 3, given 8 pictures, should fill up to 3 and stay there, but it \
            held up to \(largestCount). A cache without a bound keeps every picture for as long as \
            the app runs.
            """)
    }

    @Test("When the cache is full and nothing was read, the oldest picture makes room")
    func oldestIsEvicted() async {
        let cache = ImageCache(limit: 3)
        let urls = (1...4).map { uniqueImageURL("picture\($0)") }

        for url in urls {
            await cache.insert(fakeImage(for: url), for: url)
        }

        #expect(
            await cache.image(for: urls[0]) == nil,
            "The fourth picture should have evicted the first, the least recently used, but the first is still cached."
        )
        for url in urls.dropFirst() {
            #expect(
                await cache.image(for: url) == fakeImage(for: url),
                "Only one picture should have been evicted, but \(url.lastPathComponent) is gone too.")
        }
    }

    @Test("Reading a picture counts as using it: the least recently used one is evicted instead")
    func readingKeepsAPicture() async {
        let cache = ImageCache(limit: 3)
        let first = uniqueImageURL("first")
        let second = uniqueImageURL("second")
        let third = uniqueImageURL("third")
        let fourth = uniqueImageURL("fourth")
        for url in [first, second, third] {
            await cache.insert(fakeImage(for: url), for: url)
        }

        _ = await cache.image(for: first)  // Now `second` is the least recently used.
        await cache.insert(fakeImage(for: fourth), for: fourth)

        #expect(
            await cache.image(for: second) == nil,
            """
            The first picture was read after the second was stored, so when the fourth arrived the \
            second was the least recently used and should have been evicted. It is still cached.
            """)
        #expect(
            await cache.image(for: first) == fakeImage(for: first),
            """
            The first picture was just read, so it must stay. Evicting the oldest stored picture, \
            however recently it was used, is first in, first out, not least recently used.
            """)
    }

    @Test("Many tasks storing and reading at the same moment leave the cache full, not overfull")
    func concurrentUseStaysWithinTheLimit() async {
        let cache = ImageCache(limit: 20)

        await withTaskGroup(of: Void.self) { group in
            for index in 1...200 {
                group.addTask {
                    let url = uniqueImageURL("picture\(index)")
                    await cache.insert(fakeImage(for: url), for: url)
                    _ = await cache.image(for: url)
                }
            }
        }

        let count = await cache.count
        #expect(
            count == 20,
            """
            200 tasks each stored a picture in a cache with a limit of 20, which should end up full: \
            20 pictures. It holds \(count).
            """)
    }
}
