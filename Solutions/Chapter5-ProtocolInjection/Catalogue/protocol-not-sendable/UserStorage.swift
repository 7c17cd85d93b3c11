/// What `UserManager` needs from a place that keeps users, whatever that place is: a folder on
/// disk in the app, a dictionary in memory in a test.
public protocol UserStorage {
    // Without `Sendable`, the fake can keep its users in plain `var`s.
    func user(named name: String) throws -> User?
    func save(_ user: User) throws
}
