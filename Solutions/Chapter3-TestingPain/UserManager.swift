/// The business rule of signing up: a name can be registered only once. In an app, the sign-up
/// screen's view model (or a use case it calls) would do this.
public nonisolated final class UserManager: Sendable {
    public init() {}

    /// Registers a new user called `name`.
    ///
    /// - Returns: `true` when the user was registered, `false` when the name is already taken.
    public func registerUser(name: String) throws -> Bool {
        // The hidden dependency: nothing in this type's initialiser or properties says that it
        // reaches for the shared store, and a test cannot tell that it did.
        if try UserStorage.shared.fetchUser(named: name) != nil {
            return false
        }
        try UserStorage.shared.saveUser(User(name: name))
        return true
    }
}
