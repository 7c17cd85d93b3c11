import Chapter1
import Foundation
import Testing

extension PostingToTheBoard {
    @Suite("The board is safe to use from many tasks at once")
    struct ConcurrentPostsTests {
        @Test("Posts made by many tasks at the same moment are all kept")
        func noLostPosts() async {
            // Five thousand: the posts wake from `send` within a few milliseconds of each other,
            // and as the list grows, adding to it takes longer; so much work piles up that posts
            // really run side by side on every run. That is what a board which reads and writes
            // in two separate locked steps needs to lose posts, and what Thread Sanitizer needs
            // to see a list that nothing guards.
            let posters = 5000
            // One board, reached once, so that this test is about posting and not about `shared`.
            let board = MessageBoard.shared
            let run = UUID().uuidString
            // Every text is posted twice, by two tasks: a board keeps every post, repeats included.
            let sent = (1...posters).map { "post \(($0 + 1) / 2) of run \(run)" }

            // Posted before the others: a board that drops older posts to make room loses it.
            let earliest = "posted before the rush (\(run))"
            await board.post(earliest)

            // Each task posts, then reads the board, as a screen does after posting: reads and
            // writes meet while the other tasks are still posting.
            await withTaskGroup(of: Void.self) { group in
                for text in sent {
                    group.addTask {
                        await board.post(text)
                        _ = await board.messages
                    }
                }
            }

            var kept: [String: Int] = [:]
            for message in await board.messages { kept[message, default: 0] += 1 }
            var lostCount = 0
            for text in Set(sent) { lostCount += max(0, 2 - kept[text, default: 0]) }
            let everyTextOnce = Set(sent).allSatisfy { kept[$0] == 1 }
            #expect(
                lostCount == 0,
                everyTextOnce
                    ? """
                    \(posters) tasks posted at once, each text twice, and the board kept each text once: it \
                    drops a post whose text it already has. Two people may well post the same words; a \
                    board keeps every post.
                    """
                    : """
                    \(posters) tasks posted at once and \(lostCount) of the posts were lost. Send first, then \
                    read, append and store in one step that nothing can get in between: a single \
                    `withLock` (in an actor, no `await` between reading and writing). A post that reads \
                    the list, waits or lets go of the lock, then writes back its own copy undoes the \
                    posts made in between.
                    """)

            let stillThere = await board.messages.contains(earliest)
            #expect(
                stillThere,
                """
                A message posted just before the \(posters) others is no longer on the board: the board drops \
                older posts to make room. A board keeps every post, however many there are.
                """)

            // Step 4 keeps the order: the message is sent, then added.
            let shownEarly = await Self.postsShownBeforeSent(on: board)
            #expect(
                shownEarly.isEmpty,
                """
                \(shownEarly.count) of 10 posts showed on the board before they could have been sent (the \
                first after \(shownEarly.min().map { "\($0)" } ?? "?")): `post` adds the message first and \
                sends it afterwards, so the board shows messages that may never be delivered. Send first \
                (the slow part, with no lock held), then add the message in one step.
                """)
        }

        /// Posts ten messages to `board`, one after the other, watching the board while each is
        /// sent; returns how soon after its post began each message that showed too early was seen.
        ///
        /// Sending takes at least 20 ms. A board that sends first shows nothing of a post sooner than
        /// that after the post begins; a sighting that ends earlier proves the message was added
        /// before it was sent. Ten posts, watched closely, so that a board which adds first is seen
        /// on every run, also on a busy machine.
        static func postsShownBeforeSent(on board: MessageBoard) async -> [Duration] {
            let clock = ContinuousClock()
            var shownEarly: [Duration] = []
            for round in 1...10 {
                let text = "sent before shown \(round) (\(UUID().uuidString))"
                let start = clock.now
                async let posting: Void = board.post(text)
                while clock.now - start < .milliseconds(20) {
                    let onTheBoard = await board.messages.contains(text)
                    let seenBy = clock.now - start
                    if onTheBoard && seenBy < .milliseconds(20) {
                        shownEarly.append(seenBy)
                        break
                    }
                    await Task.yield()
                }
                await posting
            }
            return shownEarly
        }
    }
}
