/// What `UserManager` needs from a place that keeps users, whatever that place is: a folder on
/// disk in the app, a dictionary in memory in a test.
///
/// It refines `Sendable` because the app shares its one storage with every task.
public protocol UserStorage: Sendable {
    // `async`, in case a storage one day needs to wait for a server.
    func user(named name: String) async throws -> User?
    func save(_ user: User) async throws
}
