import Foundation

// TODO: Step 2. `UserManager` will soon ask for "any `UserStorage`", and this singleton must
// still be one. Declare that it conforms. Its methods already match, so nothing else changes.

/// The app's user store: one small JSON file per user, in a folder. In an app this would be the
/// database (Core Data, SQLite, Realm) behind a `shared` instance that every screen reaches for.
///
/// Its folder is inside the system's temporary directory, so that even code that still writes
/// to the real store never touches your home folder.
public nonisolated final class DiskUserStorage: Sendable {
    /// The store the app uses.
    public static let shared = DiskUserStorage(folder: defaultFolder)

    /// Where the app's users live. A real app would use Application Support.
    private static var defaultFolder: URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("SingletonsWorkbook-Chapter5-Users", isDirectory: true)
    }

    /// The folder this store keeps its files in.
    public let folder: URL

    /// A store of its own in `folder`, for a tool or a test that must not share the app's users.
    public init(folder: URL) {
        self.folder = folder
    }

    /// The user called `name`, or `nil` when nobody has that name.
    public func user(named name: String) throws -> User? {
        let file = fileURL(for: name)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        return try JSONDecoder().decode(User.self, from: Data(contentsOf: file))
    }

    /// Writes `user` to disk, replacing any earlier user of the same name.
    public func save(_ user: User) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONEncoder().encode(user).write(to: fileURL(for: user.name), options: .atomic)
    }

    /// Deletes the user called `name`, if there is one: the account is closed.
    public func removeUser(named name: String) throws {
        let file = fileURL(for: name)
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        try FileManager.default.removeItem(at: file)
    }

    /// A name can hold any character, a file name cannot: the file is named after the name's
    /// bytes, written in hexadecimal.
    private func fileURL(for name: String) -> URL {
        let hexadecimal = name.utf8.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return folder.appendingPathComponent(hexadecimal.joined() + ".json")
    }
}
