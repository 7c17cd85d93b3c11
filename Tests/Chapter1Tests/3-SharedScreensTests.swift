import Chapter1
import Foundation
import Testing
import WorkbookSupport

extension PostingToTheBoard {
    @Suite("Two screens share state through the board")
    @MainActor
    struct SharedScreensTests {
        @Test("A message posted on the home screen shows on the settings screen")
        func homeToSettings() async {
            let message = "See you at the meetup (\(UUID().uuidString))"
            await HomeScreen().post(message)

            let settings = SettingsScreen()
            await settings.load()
            guard !settings.shownMessages.contains(message) else { return }
            let onTheSharedBoard = await messagesOnTheSharedBoard().contains(message)
            Issue.record(
                onTheSharedBoard
                    ? """
                    The home screen's message is on MessageBoard.shared, but the settings screen does not \
                    show it: the settings screen reads another board. Let it load from MessageBoard.shared.
                    """
                    : """
                    The settings screen does not show what the home screen posted, and the message is not on \
                    MessageBoard.shared either: the home screen posts to another board, or its post never \
                    reaches the list. Let both screens go through MessageBoard.shared, and let `post` add \
                    every message it sends.
                    """)
        }

        @Test("The settings screen shows the board as it is each time it loads")
        func reloadShowsNewPosts() async {
            let run = UUID().uuidString
            let before = "Before the first load (\(run))"
            let after = "After the first load (\(run))"
            let home = HomeScreen()
            let settings = SettingsScreen()
            await home.post(before)
            await settings.load()
            await home.post(after)
            await settings.load()

            #expect(
                settings.shownMessages.contains(before) && settings.shownMessages.contains(after),
                """
                A message was posted, the settings screen loaded, another was posted, and the screen loaded \
                again: it should now show both, and it shows \
                \(settings.shownMessages.contains(after) ? "only the second" : settings.shownMessages.contains(before) ? "only the first" : "neither"). \
                Each load reads the board afresh: a screen that keeps what it loaded once shows a stale list.
                """)
        }

        @Test("The home screen posts to MessageBoard.shared")
        func homePostsToTheSingleton() async {
            let message = "Dinner is at eight (\(UUID().uuidString))"
            await HomeScreen().post(message)

            let onTheBoard = await messagesOnTheSharedBoard()
            #expect(
                onTheBoard.contains(message),
                """
                What the home screen posted is not on MessageBoard.shared, so the home screen posts to \
                some other board. Route the screen through the singleton.
                """)
        }

        @Test("The settings screen lists the messages oldest first")
        func oldestFirst() async {
            let run = UUID().uuidString
            let first = "First: doors open at seven (\(run))"
            let second = "Then: the talk starts at half past (\(run))"
            let home = HomeScreen()
            await home.post(first)
            await home.post(second)

            let settings = SettingsScreen()
            await settings.load()
            let shown = settings.shownMessages
            let firstPlace = shown.firstIndex(of: first)
            let secondPlace = shown.firstIndex(of: second)
            #expect(
                firstPlace != nil && secondPlace != nil,
                """
                The home screen posted two messages and the settings screen shows \
                \(firstPlace == nil && secondPlace == nil ? "neither" : "only one") of them.
                """)
            if let firstPlace, let secondPlace {
                #expect(
                    firstPlace < secondPlace,
                    """
                    The settings screen shows the later message above the earlier one. The board keeps its \
                    messages oldest first: add each new post at the end.
                    """)
            }
        }

        /// Reads the board from outside any actor, as a background task would: the read needs
        /// `await` whether the board is guarded by a lock, an actor or the main actor.
        nonisolated func messagesOnTheSharedBoard() async -> [String] {
            await MessageBoard.shared.messages
        }
    }
}

@Suite("The global board is gone")
struct GlobalBoardGoneTests {
    @Test("No global board is left beside MessageBoard.shared")
    func globalIsGone() async {
        await expectDoesNotCompile(
            """
            func theOtherBoard() -> MessageBoard {
                messageBoard
            }
            """,
            mentioning: "cannot find 'messageBoard' in scope",
            from: .insideTheModule,
            """
            The global constant `messageBoard` is still in the module. Whether a screen uses it or not, \
            it is a second board beside `MessageBoard.shared`, made at launch: any file may post to it \
            and nobody would see. Delete it, so that the singleton is the only board there is.
            """)
    }
}
