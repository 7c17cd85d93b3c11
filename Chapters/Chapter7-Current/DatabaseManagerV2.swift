import Foundation

/// The new database the team is moving to. Its API differs a little from the old one, as new
/// APIs do, and the move has brought the users' full names along. The app reads from it only while
/// the `databaseV2` feature flag is on, so the move can be tried, and undone, without shipping a
/// new version.
public nonisolated final class DatabaseManagerV2: Sendable {
    public static let shared = DatabaseManagerV2()

    private init() {}

    private let records: [Int64: User] = [
        1: User(
            id: 1, name: "Augusta Ada King, Countess of Lovelace",
            lastActive: Date(timeIntervalSince1970: 1_700_000_000)),
        2: User(id: 2, name: "Grace Brewster Murray Hopper", lastActive: Date(timeIntervalSince1970: 1_700_003_600)),
    ]

    /// The user with this id, or `nil` when there is none.
    public func fetchUser(id: Int64) -> User? {
        records[id]
    }
}
