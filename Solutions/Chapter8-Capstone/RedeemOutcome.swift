/// What became of a tap on "Redeem": the screen shows a voucher, or says why there is none.
public nonisolated enum RedeemOutcome: Sendable, Hashable {
    /// The rewards service confirmed it: here is the code to show at the counter.
    case redeemed(Voucher)
    /// Nobody is signed in on this device.
    case notSignedIn
    /// The member already had a reward today. One a day, and the day is the shop's.
    case alreadyRedeemedToday
    /// The reward costs more stars than the member has.
    case notEnoughStars(needed: Int, balance: Int)
    /// The rewards service did not confirm the redemption: try again later.
    case serviceUnavailable
}
