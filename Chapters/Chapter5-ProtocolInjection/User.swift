/// Someone who signed up. In an app this would be an account with an e-mail address, a password
/// hash and more; a name is all this chapter needs. Nothing to change in this file.
public nonisolated struct User: Sendable, Equatable, Codable {
    public let name: String

    public init(name: String) {
        self.name = name
    }
}
