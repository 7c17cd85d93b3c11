import Chapter5
import Foundation
import Testing
import WorkbookSupport

@Suite("The image cache is bounded and evicts the least recently used picture")
struct ImageCacheTests {
    @Test("The cache never holds more pictures than its limit", arguments: [3, 1, 0])
    func neverAboveTheLimit(limit: Int) async {
        let cache = ImageCache(limit: limit)
        var largestCount = 0

        for index in 1...8 {
            // A request for a picture the cache does not have, as a screen makes before it
            // downloads one: a miss is a use of nothing, and must not take a place in the order.
            _ = await cache.image(for: uniqueImageURL("missing\(index)"))
            let url = uniqueImageURL("picture\(index)")
            await cache.insert(fakeImage(for: url), for: url)
            largestCount = max(largestCount, await cache.count)
        }

        #expect(
            largestCount == limit,
            """
            A cache with a limit of \(limit), given 8 pictures, should fill up to \(limit) and stay there, \
            but it held up to \(largestCount). A cache without a bound keeps every picture for as long as \
            the app runs\(limit == 0 ? "; a limit of 0 keeps nothing at all" : ""). (Before each picture \
            the test asks for one the cache does not have: a miss must not enter the order of use, or \
            an eviction may pick it and free nothing.)
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

    @Test("Storing a picture again replaces it, evicts nothing, and counts as using it")
    func storingAgainCountsAsUsing() async {
        let cache = ImageCache(limit: 3)
        let first = uniqueImageURL("first")
        let second = uniqueImageURL("second")
        let third = uniqueImageURL("third")
        let fourth = uniqueImageURL("fourth")
        for url in [first, second, third] {
            await cache.insert(fakeImage(for: url), for: url)
        }
        let newerFirst = Data("a newer picture at \(first.absoluteString)".utf8)
        let newerSecond = Data("a newer picture at \(second.absoluteString)".utf8)

        await cache.insert(newerSecond, for: second)
        let countAfterReplacing = await cache.count
        await cache.insert(newerFirst, for: first)  // Now `third` is the least recently used.
        await cache.insert(fakeImage(for: fourth), for: fourth)

        #expect(
            countAfterReplacing == 3,
            """
            A full cache of 3 was given a new picture for a URL it already held, and then held \
            \(countAfterReplacing) picture(s). Replacing a picture takes no extra room: evict only \
            when the cache holds more than its limit after the picture is stored.
            """)
        #expect(
            await cache.image(for: third) == nil,
            """
            The second and first pictures were stored again after the third, so when the fourth \
            arrived the third was the least recently used and should have been evicted. It is \
            still cached.
            """)
        #expect(
            await cache.image(for: first) == newerFirst,
            """
            The first picture was stored again just before the fourth arrived, so it must stay, \
            with its newer bytes. Storing a picture counts as using it, also when its URL is \
            already in the cache: move it to the most recently used end, once.
            """)
        #expect(
            await cache.image(for: second) == newerSecond,
            "The second picture was stored again, so it must stay, with its newer bytes.")
    }

    @Test("The image cache is an actor: pictures and their order live in one isolation domain")
    func theCacheIsAnActor() async {
        await expectCompiles(
            """
            func insideTheCache(_ cache: isolated ImageCache) {}
            """,
            """
            `ImageCache` must be an `actor` (Step 6). A bounded cache keeps two things that must \
            change together: the pictures and the order they were used in. With two locks, one for \
            each, another task can run between them and see pictures without their order; Thread \
            Sanitizer reports nothing (every access is locked) and no test can force that moment. \
            In an actor, a method that does not `await` runs from start to end with no other task \
            in between.
            """)
        for place in [SnippetPlace.anotherModule, .insideTheModule] {
            await expectDoesNotCompile(
                """
                func replaceTheAppsCache() {
                    ImageCache.shared = ImageCache(limit: 1)
                }
                """,
                mentioning: "'let' constant",
                from: place,
                """
                Code \(place) can replace `ImageCache.shared`, the one memory budget the whole app shares: \
                keep it a `static let`. A test that needs a cache of its own makes one with \
                `ImageCache(limit:)`, and hands it to the loader.
                """)
        }
    }

    @Test("Two tasks storing and reading at the same moment leave the cache full, not overfull")
    func concurrentUseStaysWithinTheLimit() async {
        let rounds = 1000
        let cache = ImageCache(limit: 20)

        await runSideBySideAwaiting(rounds: rounds) { task, round in
            let url = uniqueImageURL("picture\(task)-\(round)")
            await cache.insert(fakeImage(for: url), for: url)
            _ = await cache.image(for: url)
            _ = await cache.count
        }

        let count = await cache.count
        #expect(
            count == 20,
            """
            Two tasks stored and read at least \(rounds) pictures each, side by side, in a cache with \
            a limit of 20, which should end up full: 20 pictures. It holds \(count).
            """)
    }
}
