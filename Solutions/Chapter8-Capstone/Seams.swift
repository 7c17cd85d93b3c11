// What the redeem screen needs from each service it is handed, named from the screen's side: only
// the calls it makes. The app's singletons conform as they are; the tests' fake world conforms in
// the harness. (The clock and the feature flag are not here: they are ambient, in `Current`.)

/// Who is signed in. Why a protocol: the screen asks one question, and the session is a final,
/// `Sendable` class of ours that a subclass would cost both.
public nonisolated protocol MemberSession: Sendable {
    var currentMember: Member? { get }
}

/// The member's stars and the rewards they have had. Why a protocol: the store is slow and leaves
/// traces that a test must read back.
public nonisolated protocol LoyaltyRecords: Sendable {
    func stars(of memberID: String) -> Int
    func setStars(_ stars: Int, of memberID: String)
    func redemptions(of memberID: String) -> [Redemption]
    func record(_ redemption: Redemption)
    func cancel(_ redemption: Redemption)
}

/// The server that confirms a redemption and issues its voucher. Why a protocol: it is slow and
/// unreliable, and a test must script its failures.
public nonisolated protocol RewardsServer: Sendable {
    func confirmRedemption(of rewardID: String, by memberID: String) async throws -> Voucher
}

/// Where the screen reports what happened. Why a protocol: the SDK is not ours, and a subclass of
/// it would inherit its real work. On the main actor, like the SDK and the screens that report.
@MainActor
public protocol AnalyticsTracker {
    func track(_ name: String, properties: [String: String])
}

nonisolated extension UserSession: MemberSession {}
nonisolated extension LoyaltyStore: LoyaltyRecords {}
nonisolated extension RewardsAPI: RewardsServer {}
/// The SDK's class conforms without a change to the SDK: an extension in the app's module is enough.
extension Analytics: AnalyticsTracker {}
