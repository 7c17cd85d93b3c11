import Chapter5
import Synchronization

/// A storage for tests that keeps its users in memory: nothing touches the disk, and every test
/// starts with exactly the users it asks for. You write it; the tests in
/// `Tests/Chapter5Tests/4-FakeUserStorageTests.swift` use it.
nonisolated final class FakeUserStorage: UserStorage {
    /// What the fake knows. One value behind one lock, so a lookup never sees half a save.
    private struct Contents {
        /// Every user, by name: those the fake started with and those saved since.
        var usersByName: [String: User]
        var saved: [User] = []
    }

    /// A `Mutex` because `UserStorage` is `Sendable`: the compiler refuses a `var` in a class
    /// that many tasks may share.
    private let contents: Mutex<Contents>

    /// A fake that already knows `users`, as if they had registered earlier.
    init(users: [User] = []) {
        let usersByName = Dictionary(users.map { ($0.name, $0) }, uniquingKeysWith: { _, later in later })
        contents = Mutex(Contents(usersByName: usersByName))
    }

    /// The users saved through `save(_:)` since the fake was made, oldest first, so that a test
    /// can check what the manager stored.
    var savedUsers: [User] {
        contents.withLock { $0.saved }
    }

    func user(named name: String) -> User? {
        contents.withLock { $0.usersByName[name] }
    }

    func save(_ user: User) {
        contents.withLock { contents in
            contents.usersByName[user.name] = user
            contents.saved.append(user)
        }
    }
}
