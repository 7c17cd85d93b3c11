import Chapter5
import Foundation
import Testing
import WorkbookSupport

@Suite("Callers asking for the same picture at the same moment share one download")
struct SharedDownloadTests {
    @Test("Many requests for one URL at the same moment download it once")
    func oneDownloadForManyCallers() async {
        let callers = 20
        let url = uniqueImageURL()
        // Holds every download until all 20 have started (see `Support.swift`), so a loader that
        // starts one download per caller is caught on every run, not only on unlucky ones.
        let downloader = HeldDownloader(expectedDownloads: callers)
        let loader = ImageLoader(downloader: downloader, cache: ImageCache(limit: 10))

        let pictures = await loadConcurrently(url, callers: callers, from: loader)

        let downloads = await downloader.downloadCount(for: url)
        #expect(
            downloads == 1,
            """
            \(callers) callers asked for the same picture at the same moment: the downloader should \
            run once, and it ran \(downloads) time(s).
            0: the loader does not use the downloader it was given.
            More than 1: each caller missed the cache and started its own download. A caller that \
            arrives while the URL is being downloaded must wait for that download instead.
            """)
        let wrongPictures = pictures.count { $0 != fakeImage(for: url) }
        #expect(
            wrongPictures == 0,
            "Every caller should get the downloaded picture, but \(wrongPictures) of \(callers) did not.")
        guard downloads == 1 else { return }

        // Two threads ask for one picture, request after request, with a cache that keeps nothing:
        // each request joins the download in flight or, when there is none, starts the next. Every
        // time a download ends, both callers come back at once and race for the next one.
        let counting = OverlapCountingDownloader()
        let hammered = ImageLoader(downloader: counting, cache: ImageCache(limit: 0))
        let contested = uniqueImageURL("contested")
        await runSideBySideAwaiting(rounds: 400) { _, _ in
            _ = try? await hammered.loadImage(from: contested)
        }
        let mostAtOnce = await counting.mostAtOnce
        let started = await counting.downloads
        #expect(
            mostAtOnce == 1,
            """
            Two threads asked for one picture, 400 times each, and at one moment \(mostAtOnce) downloads of \
            it ran at once (\(started) downloads in all). Finding no download in flight and registering a \
            new one must be one step: in an actor, with no `await` between them; behind a `Mutex`, inside \
            one `withLock`. And only the caller that registered a download may take it out of the table \
            again: one that merely waited for it could remove the next caller's download.
            """)
    }

    @Test("Many requests for one URL download it once, also when the cache is slow to answer")
    func oneDownloadWhileTheCacheIsSlow() async {
        let callers = 20
        let url = uniqueImageURL()
        // Holds every lookup until all 20 callers have asked (see `Support.swift`): any gap
        // between looking in the table of downloads and registering one is wide open, every run.
        let cache = SlowCache(expectedLookups: callers)
        let downloader = HeldDownloader(expectedDownloads: callers)
        let loader = ImageLoader(downloader: downloader, cache: cache)

        let pictures = await loadConcurrently(url, callers: callers, from: loader)

        let downloads = await downloader.downloadCount(for: url)
        #expect(
            downloads == 1,
            """
            \(callers) callers asked for the same picture at the same moment, and the cache took its \
            time to answer: the downloader should run once, and it ran \(downloads) time(s).
            0: the loader does not use the downloader it was given.
            More than 1, while "Many requests for one URL at the same moment download it once" \
            passes: the loader awaits something, such as the cache, between looking in its table of \
            downloads in flight and registering its own. Every `await` in an actor lets the other \
            callers in, and they all find the table still empty. Look in the cache before the \
            table, or inside the shared download, and keep lookup and registration together with \
            no `await` between them.
            """)
        let wrongPictures = pictures.count { $0 != fakeImage(for: url) }
        #expect(
            wrongPictures == 0,
            "Every caller should get the downloaded picture, but \(wrongPictures) of \(callers) did not.")
    }

    @Test("Requests for different URLs are downloaded separately, each URL once")
    func eachURLDownloadedOnce() async {
        // Three pictures of one name in three folders, and two addresses that differ only in their
        // query: a download is shared by callers of the same URL, the whole URL.
        let run = UUID().uuidString
        let urls =
            (1...3).map {
                FileManager.default.temporaryDirectory.appendingPathComponent("chapter5-\(run)/user\($0)/avatar.png")
            } + (1...2).map { URL(string: "https://pictures.example/\(run)/avatar.png?size=\($0 * 64)")! }
        let callersPerURL = 4
        let downloader = HeldDownloader(expectedDownloads: urls.count * callersPerURL)
        let loader = ImageLoader(downloader: downloader, cache: ImageCache(limit: 10))

        let results = await withTaskGroup(of: (URL, Data?).self) { group in
            for url in urls {
                for _ in 1...callersPerURL {
                    group.addTask { (url, try? await loader.loadImage(from: url)) }
                }
            }
            return await group.reduce(into: [(URL, Data?)]()) { $0.append($1) }
        }

        var downloads: [Int] = []
        for url in urls {
            downloads.append(await downloader.downloadCount(for: url))
        }
        #expect(
            downloads == Array(repeating: 1, count: urls.count),
            """
            5 pictures, each asked for by 4 callers at the same moment, should each be downloaded \
            exactly once (\(downloads.map(String.init).joined(separator: ", ")) downloads). Three of them share \
            their file name, in three folders, and two differ only in their query: key the downloads by \
            the whole URL.
            Share a download only between callers of the same URL: one URL's download must not \
            stand in for another's, nor wait for it.
            """)
        let mixedUp = results.count { url, picture in picture != fakeImage(for: url) }
        #expect(
            mixedUp == 0,
            "Each caller should get the picture of the URL it asked for, but \(mixedUp) of \(results.count) did not.")
    }

    @Test(
        "Callers who share a download share its outcome, whatever the cache keeps and however it ends",
        arguments: [false, true])
    func sharedOutcome(downloadFails: Bool) async {
        let callers = 20
        let url = uniqueImageURL()
        let downloader = HeldDownloader(expectedDownloads: callers, failing: downloadFails)
        // A cache that keeps nothing: the callers can share only the download itself.
        let loader = ImageLoader(downloader: downloader, cache: ForgetfulCache())

        let pictures = await loadConcurrently(url, callers: callers, from: loader)

        let downloads = await downloader.downloadCount(for: url)
        let delivered = pictures.count { $0 == fakeImage(for: url) }
        #expect(
            downloads == 1 && delivered == (downloadFails ? 0 : callers),
            """
            \(callers) callers asked for the same picture at the same moment, with a cache that keeps \
            nothing\(downloadFails ? ", and the download failed" : ""): the downloader should run once, and \
            \(downloadFails ? "every caller get its error" : "every caller get its picture"). It ran \(downloads) \
            time(s), and \(delivered) caller(s) got the picture. Callers that wait for a download in flight \
            must wait for that download's own result (its task's value), not look in the cache again \
            afterwards: a cache may keep nothing, and a failure is never cached.
            """)
    }

    @Test("A finished download is not kept: a picture the cache let go of is downloaded again")
    func finishedDownloadsAreNotKept() async throws {
        let first = uniqueImageURL("first")
        let second = uniqueImageURL("second")
        let downloader = CountingDownloader()
        // Room for one picture: the second evicts the first.
        let loader = ImageLoader(downloader: downloader, cache: ImageCache(limit: 1))

        _ = try await loader.loadImage(from: first)
        _ = try await loader.loadImage(from: second)
        _ = try await loader.loadImage(from: first)

        let downloads = await downloader.downloadCount(for: first)
        #expect(
            downloads == 2,
            """
            The cache holds one picture: the second evicts the first, so asking for the first again \
            should download it again. It was downloaded \(downloads) time(s). The loader keeps finished \
            downloads in its table, a second cache with no limit that the real one cannot evict from: \
            remove a download from the table once it has ended, however it ended.
            """)
    }

    @Test("Two loaders share nothing: each downloads with its own downloader")
    func loadersDoNotShareDownloads() async {
        let url = uniqueImageURL()
        // The first loader's download is held until the second loader has asked, so that the two
        // overlap on every run, not only when they happen to.
        let held = GatedDownloader()
        let own = CountingDownloader()
        let loaders = (
            ImageLoader(downloader: held, cache: ImageCache(limit: 10)),
            ImageLoader(downloader: own, cache: ImageCache(limit: 10))
        )
        let returned = (first: Flag(), second: Flag())

        let first = Task {
            _ = try? await loaders.0.loadImage(from: url)
            returned.first.raise()
        }
        await waitUntil { await held.downloadCount(for: url) > 0 || returned.first.isRaised }
        let second = Task {
            _ = try? await loaders.1.loadImage(from: url)
            returned.second.raise()
        }
        await waitUntil { await own.downloadCount(for: url) > 0 || returned.second.isRaised }
        await held.open()
        _ = await (first.value, second.value)

        let downloads = (await held.downloadCount(for: url), await own.downloadCount(for: url))
        #expect(
            downloads == (1, 1),
            """
            Two loaders, each with a downloader and a cache of its own, asked for the same picture, the \
            second while the first was downloading it: each downloader should run once, and they ran \
            \(downloads.0) and \(downloads.1) time(s). The table of downloads in flight belongs to one \
            loader (a stored property), not to every loader of the app (a `static` one): a loader given \
            a test's downloader must never wait for another's.
            """)
    }
}
