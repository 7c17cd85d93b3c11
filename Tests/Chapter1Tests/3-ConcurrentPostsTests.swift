import Chapter1
import Foundation
import Testing

@Suite("The board is safe to use from many tasks at once")
struct ConcurrentPostsTests {
    @Test("Posts made by many tasks at the same moment are all kept")
    func noLostPosts() async {
        // One board, reached once, so this test is about posting and not about `shared`.
        let board = MessageBoard.shared
        let run = UUID().uuidString
        let sent = (1...100).map { "post \($0) of run \(run)" }

        await withTaskGroup(of: Void.self) { group in
            for text in sent {
                group.addTask { await board.post(text) }
            }
        }

        let kept = Set(await board.messages)
        let lostCount = sent.count { !kept.contains($0) }
        #expect(
            lostCount == 0,
            """
            100 tasks posted at once and \(lostCount) of the posts were lost. Each post read the list, waited for \
            delivery, and wrote back its own copy, undoing the posts made in between. Make adding a \
            message a single step.
            """)
    }
}
