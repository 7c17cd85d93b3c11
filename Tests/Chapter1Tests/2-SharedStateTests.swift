import Chapter1
import Foundation
import Testing

@Suite("Two screens share state through the board")
@MainActor
struct SharedStateTests {
    @Test("A message posted on the home screen shows on the settings screen")
    func homeToSettings() async {
        let message = "See you at the meetup (\(UUID().uuidString))"
        await HomeScreen().post(message)

        let settings = SettingsScreen()
        await settings.load()
        #expect(
            settings.shownMessages.contains(message),
            "The settings screen does not show what the home screen posted: the two screens are not using the same board."
        )
    }

    @Test("The home screen posts to MessageBoard.shared")
    func homePostsToTheSingleton() async {
        let message = "Dinner is at eight (\(UUID().uuidString))"
        await HomeScreen().post(message)

        #expect(
            await MessageBoard.shared.messages.contains(message),
            "What the home screen posted is not on MessageBoard.shared: route the screen through the singleton.")
    }
}
