/// The app itself, where its parts are put together: in an iOS app this is the app delegate, or
/// the SwiftUI `App`. It is the composition root: the only place that decides which service
/// stands behind each protocol.
@MainActor
public final class ProfileApp {
    /// The one factory this app needs, built once around the app's own locator.
    private let editProfile: EditProfileFactory

    /// Starts the app with `signedInUser` restored from the last session.
    public init(signedInUser: User) async {
        let services = ServiceLocator()
        await services.register((any UserProviding).self) {
            UserService(signedInUser: signedInUser)
        }
        editProfile = EditProfileFactory(services: services)
    }

    /// What happens when the user taps "Edit profile".
    public func openEditProfile() async throws -> EditProfileScreen {
        try await editProfile.makeEditProfileScreen()
    }
}
