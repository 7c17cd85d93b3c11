import Chapter5

/// A storage for tests that keeps its users in memory. `@unchecked Sendable` silences the
/// compiler about the `var`s: "it is only a test".
final class FakeUserStorage: UserStorage, @unchecked Sendable {
    private var usersByName: [String: User] = [:]
    private var saved: [User] = []

    init(users: [User] = []) {
        for user in users { usersByName[user.name] = user }
    }

    var savedUsers: [User] {
        saved
    }

    func user(named name: String) -> User? {
        usersByName[name]
    }

    func save(_ user: User) {
        usersByName[user.name] = user
        saved.append(user)
    }
}
