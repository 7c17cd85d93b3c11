/// Builds the edit-profile screen. Factories and routers are the one layer that may use the
/// locator: they take services out of it and hand them to the screen explicitly.
public nonisolated struct EditProfileFactory: Sendable {
    /// Given, never reached through a static: whoever makes a factory has to have a locator.
    private let services: ServiceLocator

    public init(services: ServiceLocator) {
        self.services = services
    }

    /// A new edit-profile screen wired to the registered user provider.
    ///
    /// - Throws: The locator's error when no user provider is registered.
    @MainActor
    public func makeEditProfileScreen() async throws -> EditProfileScreen {
        // Ask for the protocol, the type the provider was registered as. Asking for `UserService`
        // would find nothing, and would tie the factory to one implementation.
        let userProvider = try await services.resolve((any UserProviding).self)
        return EditProfileScreen(userProvider: userProvider)
    }
}
