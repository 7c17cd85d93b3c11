import Chapter5
import Synchronization

/// A storage for tests that keeps its users in memory.
final class FakeUserStorage: UserStorage {
    private let users: [User]
    private let saved = Mutex<[User]>([])

    init(users: [User] = []) {
        self.users = users
    }

    var savedUsers: [User] {
        saved.withLock { $0 }
    }

    /// Looks only among the users the fake was made with.
    func user(named name: String) -> User? {
        users.first { $0.name == name }
    }

    func save(_ user: User) {
        saved.withLock { $0.append(user) }
    }
}
