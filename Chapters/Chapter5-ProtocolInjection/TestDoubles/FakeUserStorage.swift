import Chapter5
import Synchronization

/// A storage for tests that keeps its users in memory: nothing touches the disk, and every test
/// starts with exactly the users it asks for. You write it; the tests in
/// `Tests/Chapter5Tests/4-FakeUserStorageTests.swift` use it.
nonisolated final class FakeUserStorage: UserStorage {
    // TODO: Step 4. This fake remembers nothing yet. Give it the state it needs: the users it
    // starts with, and those saved since. Like every `UserStorage` it must be `Sendable`, so a
    // plain `var` will not compile here: a `Mutex` (module `Synchronization`) will. Keep the
    // declarations below as they are (the tests call them) and fill in their bodies.

    /// A fake that already knows `users`, as if they had registered earlier.
    init(users: [User] = []) {
        // TODO: Step 4. Keep `users`.
    }

    /// The users saved through `save(_:)` since the fake was made, oldest first, so that a test
    /// can check what the manager stored.
    var savedUsers: [User] {
        // TODO: Step 4.
        []
    }

    func user(named name: String) -> User? {
        // TODO: Step 4. Find `name` among the users the fake started with and those saved since.
        nil
    }

    func save(_ user: User) {
        // TODO: Step 4. Remember `user`, so that `user(named:)` finds it and `savedUsers` lists it.
    }
}
