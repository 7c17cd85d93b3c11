import Foundation

// What the redeem screen needs from each of its six dependencies, named from the screen's side.
// The app's singletons conform as they are; the tests' fake world conforms in the harness. The
// feature flags need no protocol: `UserDefaults` is already a "singleton plus" (Chapter 2), so the
// screen takes an instance, and a test hands it one of its own.

/// Who is signed in.
public protocol MemberSession: Sendable {
    var currentMember: Member? { get }
}

/// The member's stars and the rewards they have had.
public protocol LoyaltyRecords: Sendable {
    func stars(of memberID: String) -> Int
    func setStars(_ stars: Int, of memberID: String)
    func redemptions(of memberID: String) -> [Redemption]
    func record(_ redemption: Redemption)
}

/// The server that confirms a redemption and issues its voucher.
public protocol RewardsServer: Sendable {
    func confirmRedemption(of rewardID: String, by memberID: String) async throws -> Voucher
}

/// Where the screen reports what happened.
@MainActor
public protocol AnalyticsTracker {
    func track(_ name: String, properties: [String: String])
}

/// What time it is.
public protocol ShopClock: Sendable {
    var now: Date { get }
}

extension UserSession: MemberSession {}
extension LoyaltyStore: LoyaltyRecords {}
extension RewardsAPI: RewardsServer {}
extension Analytics: AnalyticsTracker {}
