/// Signs people up. Generic over its storage: each manager knows the concrete type it holds, so
/// calls to the storage need no existential box.
public final class UserManager<Storage: UserStorage>: Sendable {
    private let storage: Storage

    public init(storage: Storage) {
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

extension UserManager where Storage == DiskUserStorage {
    /// `UserManager()` still means the app's store: a default argument cannot pick a type for a
    /// generic parameter, so the default lives in a constrained initialiser.
    public convenience init() {
        self.init(storage: .shared)
    }
}
