import Foundation
import Synchronization

/// The app's database of stars and redemptions: where a real app would keep Core Data, SQLite or
/// a Realm, it writes one small file per member into a folder. The team's own code.
public nonisolated final class LoyaltyStore: Sendable {
    /// Where the app keeps its data. A shipping app would use its Application Support folder; the
    /// workbook uses a fixed folder in the system's temporary directory, so that nothing it does can
    /// land in your home folder.
    public static let appFolder = FileManager.default.temporaryDirectory
        .appendingPathComponent("SingletonsWorkbook-Chapter8-Loyalty", isDirectory: true)

    /// The app's one store.
    public static let shared = LoyaltyStore(folder: appFolder)

    private let folder: URL
    /// Held for each read and write, so that two changes to one member's file never interleave.
    private let fileAccess = Mutex(())

    private init(folder: URL) {
        self.folder = folder
    }

    /// How many stars the member has to spend.
    public func stars(of memberID: String) -> Int {
        if let answers = Tripwire.touch("LoyaltyStore.shared") { return answers.stars }
        return fileAccess.withLock { _ in load(memberID).stars }
    }

    /// Sets the member's balance.
    public func setStars(_ stars: Int, of memberID: String) {
        if Tripwire.touch("LoyaltyStore.shared") != nil { return }
        change(memberID) { $0.stars = stars }
    }

    /// Every reward the member has had, oldest first.
    public func redemptions(of memberID: String) -> [Redemption] {
        if Tripwire.touch("LoyaltyStore.shared") != nil { return [] }
        return fileAccess.withLock { _ in load(memberID).redemptions }
    }

    /// Remembers a reward the member had.
    public func record(_ redemption: Redemption) {
        if Tripwire.touch("LoyaltyStore.shared") != nil { return }
        change(redemption.memberID) { $0.redemptions.append(redemption) }
    }

    /// Forgets a redemption, as if it had never been recorded. The support team's tool calls it
    /// when a redemption has to be undone.
    public func cancel(_ redemption: Redemption) {
        if Tripwire.touch("LoyaltyStore.shared") != nil { return }
        change(redemption.memberID) { account in
            if let index = account.redemptions.lastIndex(of: redemption) {
                account.redemptions.remove(at: index)
            }
        }
    }

    // MARK: - The files

    /// What the store keeps about one member.
    private struct Account: Codable {
        var stars = 0
        var redemptions: [Redemption] = []
    }

    private func change(_ memberID: String, _ update: (inout Account) -> Void) {
        fileAccess.withLock { _ in
            var account = load(memberID)
            update(&account)
            // A store in an app would report a failed write; this stand-in keeps its answers simple.
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? JSONEncoder().encode(account).write(to: file(of: memberID), options: .atomic)
        }
    }

    private func load(_ memberID: String) -> Account {
        guard let data = try? Data(contentsOf: file(of: memberID)),
            let account = try? JSONDecoder().decode(Account.self, from: data)
        else {
            return Account()
        }
        return account
    }

    /// One file per member, named in hexadecimal so that any id makes a safe file name.
    private func file(of memberID: String) -> URL {
        let hex = memberID.utf8.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return folder.appendingPathComponent("member-" + hex.joined() + ".json", isDirectory: false)
    }
}
