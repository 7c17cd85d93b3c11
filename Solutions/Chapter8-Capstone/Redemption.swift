import Foundation

/// One reward a member had for stars, as the loyalty store remembers it.
public nonisolated struct Redemption: Sendable, Hashable, Codable {
    public var memberID: String
    public var rewardID: String
    /// When the member redeemed it.
    public var date: Date

    public init(memberID: String, rewardID: String, date: Date) {
        self.memberID = memberID
        self.rewardID = rewardID
        self.date = date
    }
}
