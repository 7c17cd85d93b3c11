/// The app itself, where its parts are put together: in an iOS app this is the app delegate, or
/// the SwiftUI `App`. It is the composition root: the only place that decides which service
/// stands behind each protocol.
@MainActor
public final class ProfileApp {
    // The mistake: the locator moved into the app, but as a `static`: one for every app there is.
    private static let services = ServiceLocator()

    /// Starts the app with `signedInUser` restored from the last session.
    public init(signedInUser: User) async {
        await Self.services.register((any UserProviding).self) {
            UserService(signedInUser: signedInUser)
        }
    }

    /// What happens when the user taps "Edit profile".
    public func openEditProfile() async throws -> EditProfileScreen {
        try await EditProfileFactory(services: Self.services).makeEditProfileScreen()
    }
}
