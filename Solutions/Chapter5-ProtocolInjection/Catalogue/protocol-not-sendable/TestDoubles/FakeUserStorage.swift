import Chapter5

/// A storage for tests that keeps its users in memory.
final class FakeUserStorage: UserStorage {
    private var users: [User]
    private(set) var savedUsers: [User] = []

    init(users: [User] = []) {
        self.users = users
    }

    func user(named name: String) -> User? {
        users.first { $0.name == name }
    }

    func save(_ user: User) {
        users.append(user)
        savedUsers.append(user)
    }
}
