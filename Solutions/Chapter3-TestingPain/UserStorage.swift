import Foundation
import Synchronization

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

    #if DEBUG
        /// The store the whole app uses: the one in `appFolder`, unless a test has put another in
        /// its place for a while (see `replacingShared(with:_:)`). Read-only on purpose: a setter
        /// would let any code swap the app's store and forget to put it back.
        public static var shared: UserStorage {
            sharedSlot.withLock { $0 }
        }

        /// The store `shared` hands out. Behind a lock, because any task may read `shared` while a
        /// test swaps it. Debug builds only, like the scope: the shipping app has nothing to swap.
        static let sharedSlot = Mutex(UserStorage(folder: appFolder))
    #else
        /// The store the whole app uses. A release build has no seam, so it is the constant it
        /// always was.
        public static let shared = UserStorage(folder: appFolder)
    #endif

    /// The folder this store keeps its users in.
    public let folder: URL

    /// Opens the store kept in `folder`. Nothing is written until a user is saved.
    public init(folder: URL) {
        self.folder = folder
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
