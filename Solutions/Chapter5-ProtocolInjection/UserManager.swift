/// Signs people up. In an app this is the logic behind the registration screen: it refuses a
/// name that is already taken and stores a new one.
public nonisolated final class UserManager: Sendable {
    /// Where users are looked up and saved. The manager knows only the protocol, so any storage
    /// will do: the disk store in the app, a fake in a test.
    private let storage: any UserStorage

    /// The default keeps `UserManager()` working for the app. It is a local default: the disk
    /// store lives in this module anyway, so it drags in nothing the module did not already have.
    public init(storage: any UserStorage = DiskUserStorage.shared) {
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
