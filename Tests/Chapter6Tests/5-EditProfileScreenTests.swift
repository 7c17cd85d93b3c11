import Chapter6
import Testing

@Suite("The edit-profile screen takes its user provider explicitly")
@MainActor
struct EditProfileScreenTests {
    @Test("The screen shows and saves through the provider it is given, with no locator at all")
    func worksWithAFakeAndNoLocator() async {
        let provider = FakeUserProvider(user: .ada)
        let screen = EditProfileScreen(userProvider: provider)

        await screen.load()
        #expect(
            screen.name == User.ada.name && screen.email == User.ada.email,
            "After load(), the screen should show the user from the provider it was given.")

        await screen.save(name: "Ada King")
        #expect(
            await provider.savedNames == ["Ada King"],
            """
            save(name:) never reached the provider the screen was given: it went looking for a user \
            provider somewhere else. A screen that takes a provider in its initialiser must use that \
            one, so that what its initialiser says is all it needs.
            """)
        #expect(screen.name == "Ada King", "After saving, the screen should show the new name.")
    }
}
