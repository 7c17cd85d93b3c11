/// What `UserManager` needs from a place that keeps users, whatever that place is: a folder on
/// disk in the app, a dictionary in memory in a test.
///
/// It refines `Sendable` because the app shares its one storage with every task.
public nonisolated protocol UserStorage: Sendable {
    // Exactly what the manager calls, and nothing more: every extra requirement is one more
    // method each fake has to write and keep in step.

    /// The user called `name`, or `nil` when nobody has that name.
    func user(named name: String) throws -> User?

    /// Stores `user`, replacing any earlier user of the same name.
    func save(_ user: User) throws
}
