import Synchronization

/// Workbook scaffolding, not part of any app: leave this file as it is.
///
/// The live services of this chapter (`UserSession.shared`, `LoyaltyStore.shared`,
/// `RewardsAPI.shared`, `Analytics.shared` and the clock of `Environment.live`) stand for SDKs and
/// servers that a test must never reach. While a test runs, they do no real work: they write down
/// that they were touched, and answer with the harmless values below. That is how a test can fail
/// saying *which* singleton the code under test reached. Real SDKs have no such tripwire: in your
/// own app, a test that reaches one sends a real request, writes a real file, or quietly passes.
public nonisolated final class Tripwire: Sendable {
    /// What the live services answer while the tripwire is set.
    public struct LiveAnswers: Sendable {
        /// The member `UserSession` says is signed in.
        public var member: Member?
        /// The balance `LoyaltyStore` reports for anyone.
        public var stars: Int
        /// The voucher code `RewardsAPI` hands out; `nil` makes it fail, as a server out of reach.
        public var voucherCode: String?

        public init(member: Member? = nil, stars: Int = 0, voucherCode: String? = nil) {
            self.member = member
            self.stars = stars
            self.voucherCode = voucherCode
        }
    }

    /// The tripwire set by the running test, if any. The tests bind it around each test; it reaches
    /// the tasks a test starts, and no other test.
    @TaskLocal public static var current: Tripwire?

    /// What the live services answer while this tripwire is set.
    public let answers: LiveAnswers
    private let touches = Mutex<[String]>([])

    public init(answers: LiveAnswers = LiveAnswers()) {
        self.answers = answers
    }

    /// The live services touched so far, in order, as `UserSession.shared` or `Current.now`.
    public var touched: [String] {
        touches.withLock { $0 }
    }

    /// Called by a live service before it does any work: outside a test, `nil`, and the service
    /// does its work; during a test, the touch is written down and the test's answers come back
    /// instead.
    static func touch(_ service: String) -> LiveAnswers? {
        guard let tripwire = current else { return nil }
        tripwire.touches.withLock { $0.append(service) }
        return tripwire.answers
    }
}
