import Chapter6

/// A user provider for tests. It answers with the user it was given and writes down every name
/// saved through it, so a test can tell which provider a screen really used.
actor FakeUserProvider {
    private(set) var user: User
    private(set) var savedNames: [String] = []

    init(user: User) {
        self.user = user
    }

    func currentUser() -> User {
        user
    }

    func changeName(to newName: String) {
        savedNames.append(newName)
        user.name = newName
    }
}

// The conformance in an extension: Swift 6.3 sometimes carries a `nonisolated` protocol's
// `nonisolated` over to an actor that conforms where it is declared, then refuses the actor.
extension FakeUserProvider: UserProviding {}

extension User {
    static let ada = User(name: "Ada Lovelace", email: "ada@example.com")
    static let grace = User(name: "Grace Hopper", email: "grace@example.com")
}
