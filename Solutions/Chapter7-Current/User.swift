import Foundation

/// Someone with an account in the app. In an app this is the model that a database row or a
/// server response is turned into.
public nonisolated struct User: Sendable, Hashable {
    public var id: Int64
    public var name: String
    /// The last time the user did anything in the app.
    public var lastActive: Date

    public init(id: Int64, name: String, lastActive: Date) {
        self.id = id
        self.name = name
        self.lastActive = lastActive
    }
}
