/// What `UserManager` needs from a place that keeps users, whatever that place is: a folder on
/// disk in the app, a dictionary in memory in a test.
///
/// It refines `Sendable` because the app shares its one storage with every task.
public protocol UserStorage: Sendable {
    // The fakes never fail, so why should the protocol say `throws`?
    func user(named name: String) -> User?
    func save(_ user: User)
}
