/// The screen where the signed-in user changes their profile. It stands for a view controller or
/// a SwiftUI view model, which live on the main actor; `load()` is what runs when it appears.
@MainActor
public final class EditProfileScreen {
    /// The name in the name field.
    public private(set) var name = ""
    /// The email address the screen shows.
    public private(set) var email = ""

    private let userProvider: any UserProviding

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
        // TODO: Step 5. The initialiser says this screen needs a user provider, but saving goes
        // behind its back to the shared locator, and gives up without a word when that has none.
        // Save through the provider the screen was given.
        let provider = try? await ServiceLocator.shared.resolve((any UserProviding).self)
        await provider?.changeName(to: newName)
        name = newName
    }
}
