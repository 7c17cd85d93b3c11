import Foundation

/// The app's database of users, reached the old way: through its singleton. In an app it would
/// wrap Core Data, SQLite or Realm. Here it holds a few fixed rows and nothing can write to it, so
/// no test can change what another test reads.
public nonisolated final class DatabaseManager: Sendable {
    public static let shared = DatabaseManager()

    private init() {}

    private let rows: [Int64: User] = [
        1: User(id: 1, name: "Ada Lovelace", lastActive: Date(timeIntervalSince1970: 1_700_000_000)),
        2: User(id: 2, name: "Grace Hopper", lastActive: Date(timeIntervalSince1970: 1_700_003_600)),
    ]

    /// The user with this id, or `nil` when there is none.
    public func user(withID id: Int64) -> User? {
        rows[id]
    }
}
