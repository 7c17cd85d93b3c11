/// Builds the edit-profile screen, with the services it needs taken from a locator.
public nonisolated struct EditProfileFactory: Sendable {
    private let services: ServiceLocator

    public init(services: ServiceLocator) {
        self.services = services
    }

    /// A new edit-profile screen wired to the registered user provider.
    ///
    /// - Throws: The locator's error when no user provider is registered.
    @MainActor
    public func makeEditProfileScreen() async throws -> EditProfileScreen {
        // TODO: Step 6. The factory asks for the concrete `UserService`, but the app registers its
        // user provider as `any UserProviding`, and so do tests with their fakes. Ask for the type
        // the provider is registered as.
        let userProvider = try await services.resolve(UserService.self)
        return EditProfileScreen(userProvider: userProvider)
    }
}
