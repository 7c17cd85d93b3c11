import Foundation

/// The screen where a member spends stars on a reward. In an app, the Rewards tab's view controller
/// or SwiftUI view model: it lives on the main actor, and `redeem(_:)` runs when the member taps
/// "Redeem" and shows the voucher, or why there is none.
///
/// The rules:
/// - Only a signed-in member can redeem.
/// - One reward a day: the day is the shop's (see `Shop.calendar`).
/// - A reward costs its stars; while the birthday treat is switched on, it costs nothing on the
///   member's birthday.
/// - The rewards server confirms each redemption and issues the voucher.
/// - Every tap is reported to analytics once: `reward_redeemed`, `redeem_refused` with its
///   reason, or `redeem_failed`.
@MainActor
public final class RedeemScreen {
    // TODO: Steps 1–6. Nothing here says what the screen needs: it reaches for six services in the
    // middle of its work, so no test can give it others. Give it each of them, each with the
    // technique that fits (see the lesson), and build it with the fake world's in
    // `TestDoubles/Harness.swift`.
    public init() {}

    // TODO: Steps 7–10. The tests of files 7 to 10 describe four bugs in this method and the one
    // below. Fix them once the tests of files 1 to 6 pass, and not before: until then, nothing
    // tells you what a change breaks.
    /// Spends the signed-in member's stars on `reward`.
    public func redeem(_ reward: Reward) async -> RedeemOutcome {
        // TODO: Step 1. The session, reached through its singleton.
        guard let member = UserSession.shared.currentMember else {
            // TODO: Step 6. Analytics, reached through the SDK's shared instance, here and below.
            Analytics.shared.track("redeem_refused", properties: ["reason": "signed_out", "reward": reward.id])
            return .notSignedIn
        }
        // TODO: Step 3. The clock, reached through the process-wide `Current`.
        let now = Current.now()
        // TODO: Step 2. The store, reached through its singleton.
        let store = LoyaltyStore.shared

        // One reward a day.
        if let last = store.redemptions(of: member.id).map(\.date).max(),
            now.timeIntervalSince(last) < 24 * 60 * 60
        {
            Analytics.shared.track("redeem_refused", properties: ["reason": "once_a_day", "reward": reward.id])
            return .alreadyRedeemedToday
        }

        let cost = price(of: reward, for: member, on: now)
        let balance = store.stars(of: member.id)
        guard balance >= cost else {
            Analytics.shared.track("redeem_refused", properties: ["reason": "not_enough_stars", "reward": reward.id])
            return .notEnoughStars(needed: cost, balance: balance)
        }

        // The stars go, and the redemption is written down, before the server is asked: a second
        // tap while the server thinks finds today's reward already taken.
        store.setStars(balance - cost, of: member.id)
        store.record(Redemption(memberID: member.id, rewardID: reward.id, date: now))

        do {
            // TODO: Step 5. The rewards server, reached through its client's singleton.
            let voucher = try await RewardsAPI.shared.confirmRedemption(of: reward.id, by: member.id)
            Analytics.shared.track("reward_redeemed", properties: ["reward": reward.id, "stars": String(cost)])
            return show(voucher, for: reward, cost: cost)
        } catch {
            Analytics.shared.track("redeem_failed", properties: ["reward": reward.id])
            return .serviceUnavailable
        }
    }

    /// The voucher screen that slides up after a redemption.
    private func show(_ voucher: Voucher, for reward: Reward, cost: Int) -> RedeemOutcome {
        // Reported here too, since the voucher screen was added.
        Analytics.shared.track("reward_redeemed", properties: ["reward": reward.id, "stars": String(cost)])
        return .redeemed(voucher)
    }

    /// What `reward` costs `member` on `day`.
    private func price(of reward: Reward, for member: Member, on day: Date) -> Int {
        // TODO: Step 4. The feature flag, read from the standard user defaults.
        guard UserDefaults.standard.bool(forKey: FeatureFlag.birthdayTreat.rawValue) else { return reward.cost }
        let today = Shop.calendar.dateComponents([.month, .day], from: day)
        let isBirthday = today.month == member.birthday.month && today.day == member.birthday.day
        return isBirthday ? 0 : reward.cost
    }
}
