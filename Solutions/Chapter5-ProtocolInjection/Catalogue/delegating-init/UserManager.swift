/// Signs people up. In an app this is the logic behind the registration screen: it refuses a
/// name that is already taken and stores a new one.
public final class UserManager: Sendable {
    private let storage: any UserStorage

    /// The app's manager, on the app's store. Kept from before, now handing over to the other
    /// initialiser instead of a default argument.
    public convenience init() {
        self.init(storage: DiskUserStorage.shared)
    }

    public init(storage: any UserStorage) {
        self.storage = storage
    }

    /// Registers `name`. Returns `true` when the user was stored, `false` when the name is
    /// already taken.
    public func registerUser(name: String) throws -> Bool {
        if try storage.user(named: name) != nil {
            return false
        }
        try storage.save(User(name: name))
        return true
    }
}
