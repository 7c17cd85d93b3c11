import Chapter5
import Foundation
import Testing

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
        let urls = (1...5).map { uniqueImageURL("picture\($0)") }
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
            exactly once.
            Share a download only between callers of the same URL: one URL's download must not \
            stand in for another's, nor wait for it.
            """)
        let mixedUp = results.count { url, picture in picture != fakeImage(for: url) }
        #expect(
            mixedUp == 0,
            "Each caller should get the picture of the URL it asked for, but \(mixedUp) of \(results.count) did not.")
    }
}
