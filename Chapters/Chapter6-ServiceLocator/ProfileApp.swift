/// The app itself, where its parts are put together: in an iOS app this is the app delegate, or
/// the SwiftUI `App`.
@MainActor
public final class ProfileApp {
    /// Starts the app with `signedInUser` restored from the last session.
    public init(signedInUser: User) async {
        // TODO: Step 6. Every app registers its services in the one shared locator, so two apps (or
        // two tests) share them, and one app's user stands in for the other's. Give the app a
        // locator of its own, kept in a stored property.
        await ServiceLocator.shared.register((any UserProviding).self) {
            UserService(signedInUser: signedInUser)
        }
    }

    /// What happens when the user taps "Edit profile".
    public func openEditProfile() async throws -> EditProfileScreen {
        // TODO: Step 6. Pass the app's own locator to the factory.
        try await EditProfileFactory(services: ServiceLocator.shared).makeEditProfileScreen()
    }
}
