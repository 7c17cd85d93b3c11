/// The app itself, where its parts are put together: in an iOS app this is the app delegate, or
/// the SwiftUI `App`. It is the composition root: the only place that decides which service
/// stands behind each protocol.
@MainActor
public final class ProfileApp {
    /// The app's own locator. It lives here, as a stored property, and is passed to each factory
    /// that needs it, so two apps (or two tests) never share one.
    private let services = ServiceLocator()

    /// Starts the app with `signedInUser` restored from the last session.
    public init(signedInUser: User) async {
        await services.register((any UserProviding).self) {
            UserService(signedInUser: signedInUser)
        }
    }

    /// What happens when the user taps "Edit profile".
    public func openEditProfile() async throws -> EditProfileScreen {
        try await EditProfileFactory(services: services).makeEditProfileScreen()
    }
}
