import Foundation

/// Someone who signed up. In an app it would also carry an e-mail address, a sign-up date and so on.
public nonisolated struct User: Codable, Hashable, Sendable {
    public let name: String

    public init(name: String) {
        self.name = name
    }
}

/// Keeps the app's users on disk, one file per user, in a folder. It stands for an app's persistence
/// layer: a Core Data stack, a Realm or SQLite database, files in Application Support.
public nonisolated final class UserStorage: Sendable {
    /// Where the app keeps its users. A shipping app would use its Application Support folder; the
    /// workbook uses a fixed folder in the system's temporary directory, so that nothing it does can
    /// ever land in your home folder.
    public static let appFolder = FileManager.default.temporaryDirectory
        .appendingPathComponent("SingletonsWorkbook-Chapter3-AppUsers", isDirectory: true)

    // TODO: Step 2. A `static let` is fixed for the life of the process: no test can put a store of
    // its own in its place. Keep the current shared store behind a lock and make `shared` a
    // read-only computed property that returns it. It starts as the store in `appFolder`.
    // TODO: Step 3. Only tests swap the store: in a release build, keep this `static let` and
    // leave out the lock.
    /// The store the whole app uses.
    public static let shared = UserStorage(folder: appFolder)

    /// The folder this store keeps its users in.
    public let folder: URL

    /// Opens the store kept in `folder`. Nothing is written until a user is saved.
    public init(folder: URL) {
        // TODO: Step 1. This is still the legacy store: whatever folder it is given, it works in
        // the app's folder, so a test cannot have a store of its own. Keep the folder you are given.
        self.folder = Self.appFolder
    }

    /// Saves `user`, replacing a user of the same name.
    public func saveUser(_ user: User) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONEncoder().encode(user).write(to: file(forName: user.name), options: .atomic)
    }

    /// The user called `name`, or `nil` if nobody of that name was saved.
    public func fetchUser(named name: String) throws -> User? {
        let file = file(forName: name)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        return try JSONDecoder().decode(User.self, from: Data(contentsOf: file))
    }

    /// One file per user. The name is spelled in hexadecimal because names may hold a `/`, and
    /// because "Ada" and "ada" must not share a file on a case-insensitive disk (the macOS default).
    private func file(forName name: String) -> URL {
        let hex = name.utf8.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return folder.appendingPathComponent("user-" + hex.joined() + ".json", isDirectory: false)
    }
}
