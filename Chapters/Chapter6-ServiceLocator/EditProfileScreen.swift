/// The screen where the signed-in user changes their profile. It stands for a view controller or
/// a SwiftUI view model, which live on the main actor; `load()` is what runs when it appears.
@MainActor
public final class EditProfileScreen {
    /// The name in the name field.
    public private(set) var name = ""
    /// The email address the screen shows.
    public private(set) var email = ""

    private let userProvider: any UserProviding

    /// Everything the screen needs is in this initialiser, so a reader (or a test) can see it,
    /// and the compiler insists that it is given.
    public init(userProvider: any UserProviding) {
        self.userProvider = userProvider
    }

    /// Fills the fields, as a view controller does when it loads.
    public func load() async {
        let user = await userProvider.currentUser()
        name = user.name
        email = user.email
    }

    /// What happens when the user edits the name and taps "Save".
    public func save(name newName: String) async {
        // The provider this screen was given, and no other: nothing here reaches for a locator.
        await userProvider.changeName(to: newName)
        name = newName
    }
}
