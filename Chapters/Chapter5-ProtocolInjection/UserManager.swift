/// Signs people up. In an app this is the logic behind the registration screen: it refuses a
/// name that is already taken and stores a new one.
public nonisolated final class UserManager: Sendable {
    /// How the app makes its manager today: `UserManager()`.
    public init() {}

    // TODO: Step 3. Someone added this initialiser and stopped there: the storage passed in is
    // dropped on the floor. Keep it in a private constant, and give the parameter a default
    // value, the app's store `DiskUserStorage.shared`. Then `UserManager()` can mean this
    // initialiser, and the one above has nothing left to do: delete it.
    public init(storage: any UserStorage) {}

    /// Registers `name`. Returns `true` when the user was stored, `false` when the name is
    /// already taken.
    public func registerUser(name: String) throws -> Bool {
        // TODO: Step 3. Both lines below reach past whatever storage the manager was given,
        // straight to the singleton, so no test can keep this code off the disk. Ask the
        // storage you kept instead.
        if try DiskUserStorage.shared.user(named: name) != nil {
            return false
        }
        try DiskUserStorage.shared.save(User(name: name))
        return true
    }
}
