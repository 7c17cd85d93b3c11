import Foundation

/// The app's client for the shop's rewards server, which confirms each redemption and issues its
/// voucher. The team's own code.
///
/// Its live version reads a URL. The workbook's server is a folder in the system's temporary
/// directory, read through `file:` URLs, so nothing here ever reaches the network.
public nonisolated final class RewardsAPI: Sendable {
    /// The app's one client, talking to the shop's server.
    public static let shared = RewardsAPI(
        server: FileManager.default.temporaryDirectory
            .appendingPathComponent("SingletonsWorkbook-Chapter8-RewardsServer", isDirectory: true))

    /// Where the server lives.
    public let server: URL

    private init(server: URL) {
        self.server = server
    }

    /// Asks the server to confirm that `memberID` redeems `rewardID`, and returns the voucher it
    /// issues.
    ///
    /// - Throws: `RewardsAPIError` when the server cannot be reached or does not confirm.
    ///
    /// `@concurrent`: reading the reply blocks, so it runs off the caller's actor in every world. In
    /// an app target a plain `async` function would run on the caller's: the redeem screen's main actor.
    @concurrent public func confirmRedemption(of rewardID: String, by memberID: String) async throws -> Voucher {
        if let answers = Tripwire.touch("RewardsAPI.shared") {
            guard let code = answers.voucherCode else { throw RewardsAPIError.unreachable }
            return Voucher(code: code, rewardID: rewardID)
        }
        let address = server.appendingPathComponent("confirm")
            .appendingPathComponent("\(memberID)-\(rewardID).json", isDirectory: false)
        guard let data = try? Data(contentsOf: address) else { throw RewardsAPIError.unreachable }
        guard let reply = try? JSONDecoder().decode(Reply.self, from: data) else { throw RewardsAPIError.refused }
        return Voucher(code: reply.voucherCode, rewardID: rewardID)
    }

    /// What the server says when it confirms.
    private struct Reply: Decodable {
        var voucherCode: String
    }
}

/// Why the rewards server did not confirm a redemption.
public nonisolated enum RewardsAPIError: Error, Sendable {
    /// No answer: the device is offline, or the server is down.
    case unreachable
    /// The server answered, but not with a voucher.
    case refused
}
