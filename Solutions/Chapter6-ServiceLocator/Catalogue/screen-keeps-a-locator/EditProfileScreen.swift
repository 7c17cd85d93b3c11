/// The screen where the signed-in user changes their profile. It stands for a view controller or
/// a SwiftUI view model, which live on the main actor; `load()` is what runs when it appears.
@MainActor
public final class EditProfileScreen {
    /// The name in the name field.
    public private(set) var name = ""
    /// The email address the screen shows.
    public private(set) var email = ""

    private let userProvider: any UserProviding
    private let services: ServiceLocator

    // The mistake: `shared` is gone, but the screen still saves through a locator, now one with a
    // default value, which nobody has to pass and tests never fill.
    public init(userProvider: any UserProviding, services: ServiceLocator = ServiceLocator()) {
        self.userProvider = userProvider
        self.services = services
    }

    /// Fills the fields, as a view controller does when it loads.
    public func load() async {
        let user = await userProvider.currentUser()
        name = user.name
        email = user.email
    }

    /// What happens when the user edits the name and taps "Save".
    public func save(name newName: String) async {
        let provider = try? await services.resolve((any UserProviding).self)
        await provider?.changeName(to: newName)
        name = newName
    }
}
