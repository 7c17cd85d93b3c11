import Chapter7
import Foundation

extension User {
    /// A user no other test has and no database knows: its id is random and far above the
    /// databases' ids, and its name holds a UUID. A test that sees this name sees its own override,
    /// not one made by a test running at the same time.
    static func unique(_ name: String, lastActive: Date = Date()) -> User {
        User(
            id: Int64.random(in: 1_000_000...Int64.max), name: "\(name) (\(UUID().uuidString))",
            lastActive: lastActive)
    }
}
