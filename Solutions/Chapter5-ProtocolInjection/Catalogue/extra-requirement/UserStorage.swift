/// What `UserManager` needs from a place that keeps users, whatever that place is: a folder on
/// disk in the app, a dictionary in memory in a test.
///
/// It refines `Sendable` because the app shares its one storage with every task.
public protocol UserStorage: Sendable {
    // Everything `DiskUserStorage` can do, in case the manager needs it one day.
    func user(named name: String) throws -> User?
    func save(_ user: User) throws
    func removeUser(named name: String) throws
}
