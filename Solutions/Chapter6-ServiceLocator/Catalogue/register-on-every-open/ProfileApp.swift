/// The app itself, where its parts are put together: in an iOS app this is the app delegate, or
/// the SwiftUI `App`. It is the composition root: the only place that decides which service
/// stands behind each protocol.
@MainActor
public final class ProfileApp {
    /// The app's own locator. It lives here, as a stored property, and is passed to each factory
    /// that needs it, so two apps (or two tests) never share one.
    private let services = ServiceLocator()

    private let signedInUser: User

    /// Starts the app with `signedInUser` restored from the last session.
    public init(signedInUser: User) async {
        self.signedInUser = signedInUser
    }

    /// What happens when the user taps "Edit profile".
    public func openEditProfile() async throws -> EditProfileScreen {
        // The mistake: a fresh user service for every screen, so each screen has its own truth.
        await services.register((any UserProviding).self) { [signedInUser] in
            UserService(signedInUser: signedInUser)
        }
        return try await EditProfileFactory(services: services).makeEditProfileScreen()
    }
}
