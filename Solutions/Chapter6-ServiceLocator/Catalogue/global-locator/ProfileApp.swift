// The mistake: `ServiceLocator.shared` is gone, but a global constant took its place. Every app
// shares it, exactly as they shared `shared`.
let appServices = ServiceLocator()

/// The app itself, where its parts are put together: in an iOS app this is the app delegate, or
/// the SwiftUI `App`. It is the composition root: the only place that decides which service
/// stands behind each protocol.
@MainActor
public final class ProfileApp {
    /// Starts the app with `signedInUser` restored from the last session.
    public init(signedInUser: User) async {
        await appServices.register((any UserProviding).self) {
            UserService(signedInUser: signedInUser)
        }
    }

    /// What happens when the user taps "Edit profile".
    public func openEditProfile() async throws -> EditProfileScreen {
        try await EditProfileFactory(services: appServices).makeEditProfileScreen()
    }
}
