import Chapter5
import Foundation
import Testing
import WorkbookSupport

@Suite("The image loader waits for the downloader it is given")
struct ImageLoaderTests {
    @Test("The loader returns the picture its downloader delivered")
    func returnsTheDownloadedPicture() async throws {
        let url = uniqueImageURL()
        let loader = ImageLoader(downloader: CountingDownloader(), cache: ImageCache(limit: 10))

        let picture = try await loader.loadImage(from: url)

        #expect(
            text(of: picture) == text(of: fakeImage(for: url)),
            """
            `loadImage(from:)` should return the picture the downloader it was given delivers.
            It returned before the download finished, or it asked another downloader: the network \
            singleton.
            """)
    }

    @Test("The loader keeps what it downloaded in the cache it was given, before it returns")
    func fillsTheGivenCache() async throws {
        let url = uniqueImageURL()
        let cache = SlowToStoreCache()
        let loader = ImageLoader(downloader: CountingDownloader(), cache: cache)

        _ = try await loader.loadImage(from: url)

        // Read without an `await`: nothing can run in between.
        let storedOnReturn = cache.imageStoredNow(for: url)
        guard storedOnReturn != fakeImage(for: url) else { return }
        try await Task.sleep(for: .milliseconds(600))
        let storedLater = cache.imageStoredNow(for: url) == fakeImage(for: url)
        Issue.record(
            storedLater
                ? """
                `loadImage(from:)` returned before the picture was in the cache it was given: the cache \
                got it only later. The store runs in a task nobody waits for, so a request that comes \
                right after this one downloads the picture again. `await` the cache's `insert`, in the \
                same task, before returning.
                """
                : """
                After a download, the picture should be in the cache given to \
                `ImageLoader(downloader:cache:)`, and it is not, even a moment later.
                The loader uses another cache (the shared one), or it never stores what it downloaded.
                """)
    }

    @Test(
        "A picture asked for twice, one request after the other, is downloaded once, an empty one too",
        arguments: ["picture", "empty"])
    func secondRequestComesFromTheCache(picture: String) async throws {
        let url = uniqueImageURL(picture)
        let downloader = CountingDownloader()
        let loader = ImageLoader(downloader: downloader, cache: ImageCache(limit: 10))

        _ = try await loader.loadImage(from: url)
        _ = try await loader.loadImage(from: url)

        let downloads = await downloader.downloadCount(for: url)
        #expect(
            downloads == 1,
            Comment(
                rawValue: """
                    The same \(picture == "empty" ? "picture (an empty one, zero bytes)" : "picture"), asked for twice \
                    in a row, was downloaded \(downloads) times; once is enough: the second time it is in the cache.
                    """
                        + (downloads == 0
                            ? " 0 downloads means the loader never calls the downloader it was given." : "")
                        + (picture == "empty"
                            ? " An empty picture is a picture: the cache has it, so it is not missing." : "")))
    }

    @Test("A failed download reaches the caller, and the next request tries again")
    func failureIsThrownAndNotRemembered() async throws {
        let url = uniqueImageURL()
        let loader = ImageLoader(downloader: FlakyDownloader(), cache: ImageCache(limit: 10))

        try await #require(
            throws: FlakyDownloader.ConnectionLost.self,
            """
            The first download fails, so `loadImage(from:)` must throw that error.
            Returning something else hides the failure: the caller cannot tell a broken picture \
            from an empty one.
            """
        ) {
            try await loader.loadImage(from: url)
        }
        do {
            let picture = try await loader.loadImage(from: url)
            #expect(
                text(of: picture) == text(of: fakeImage(for: url)),
                "After one failed download, asking again should download again and return the picture.")
        } catch {
            Issue.record(
                """
                After one failed download, asking again threw \(error) instead of downloading again.
                The loader kept the failure. A download that has ended, with a picture or an error, \
                must not be waited for again, or one lost connection breaks the picture for good.
                """)
        }
    }

    @Test("With the network singleton as its downloader, the loader reads a file: URL")
    func readsAFileWithTheLiveDownloader() async throws {
        try await withTemporaryFolder("chapter5-pictures") { folder in
            let url = folder.appendingPathComponent("logo.png")
            let bytes = Data("not really a PNG, but bytes all the same".utf8)
            try bytes.write(to: url)
            let loader = ImageLoader(downloader: NetworkImageDownloader.shared, cache: ImageCache(limit: 10))

            let picture = try await loader.loadImage(from: url)

            #expect(
                text(of: picture) == text(of: bytes),
                "Given the real downloader, the loader must wait for it and return the bytes it read from the file.")
        }
    }

    @Test("ImageLoader() without arguments uses the network singleton and the app's shared cache")
    func defaultsAreTheAppsSingletons() async throws {
        try await withTemporaryFolder("chapter5-pictures") { folder in
            let url = folder.appendingPathComponent("banner.png")
            let bytes = Data("the bytes of \(url.lastPathComponent), \(UUID().uuidString)".utf8)
            try bytes.write(to: url)

            let picture = try await ImageLoader().loadImage(from: url)

            try #require(
                text(of: picture) == text(of: bytes),
                """
                `ImageLoader()` should read the file through the app's downloader, \
                `NetworkImageDownloader.shared`, wait for it, and return its bytes.
                It returned before the download finished, or a loader made without arguments uses \
                another downloader: give `downloader` the default `NetworkImageDownloader.shared`.
                """)
            #expect(
                await ImageCache.shared.image(for: url) == bytes,
                """
                `ImageLoader()` loaded a picture, yet `ImageCache.shared` does not hold it. A loader \
                made without arguments must fill the cache the whole app shares, not one of its own: \
                give `cache` the default `ImageCache.shared`, so that every screen finds what another \
                one loaded.
                """)
        }
    }
}
