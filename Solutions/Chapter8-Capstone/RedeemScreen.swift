import Foundation

/// The screen where a member spends stars on a reward. In an app, the Rewards tab's view controller
/// or SwiftUI view model: it lives on the main actor, and `redeem(_:)` runs when the member taps
/// "Redeem" and shows the voucher, or why there is none.
///
/// The rules:
/// - Only a signed-in member can redeem.
/// - One reward a day: the day is the shop's (see `Shop.calendar`).
/// - A reward costs its stars; while the birthday treat is switched on, it costs nothing on the
///   member's birthday. A member born on 29 February celebrates on 28 February in other years.
/// - The rewards server confirms each redemption and issues the voucher. Until it has, nothing is
///   spent: when it fails, the stars and the day's reward are the member's again.
/// - Every tap is reported to analytics once: `reward_redeemed`, `redeem_refused` with its
///   reason, or `redeem_failed`.
@MainActor
public final class RedeemScreen {
    private let session: any MemberSession
    private let store: any LoyaltyRecords
    private let rewardsServer: any RewardsServer
    private let analytics: any AnalyticsTracker

    /// A screen on the services it is handed. Each default is the app's own service, from this
    /// module, so `RedeemScreen()` is still the app's screen; a test hands in the fake world's. The
    /// clock and the flags come from `Current`.
    public init(
        session: any MemberSession = UserSession.shared,
        store: any LoyaltyRecords = LoyaltyStore.shared,
        rewardsServer: any RewardsServer = RewardsAPI.shared,
        analytics: any AnalyticsTracker = Analytics.shared
    ) {
        self.session = session
        self.store = store
        self.rewardsServer = rewardsServer
        self.analytics = analytics
    }

    /// Spends the signed-in member's stars on `reward`.
    public func redeem(_ reward: Reward) async -> RedeemOutcome {
        guard let member = session.currentMember else {
            return refuse(reward, because: "signed_out", .notSignedIn)
        }
        // Read once, before the first `await`: the same time and flags for the whole tap.
        let environment = Current
        let now = environment.now()

        // One reward a day, and the day is the shop's: it starts at midnight in Honolulu.
        if store.redemptions(of: member.id).contains(where: { Shop.calendar.isDate($0.date, inSameDayAs: now) }) {
            return refuse(reward, because: "once_a_day", .alreadyRedeemedToday)
        }

        let isTreat = environment.isEnabled(.birthdayTreat) && Self.isBirthday(of: member, on: now)
        let cost = isTreat ? 0 : reward.cost
        let balance = store.stars(of: member.id)
        guard balance >= cost else {
            return refuse(reward, because: "not_enough_stars", .notEnoughStars(needed: cost, balance: balance))
        }

        // The stars go, and the redemption is written down, before the server is asked: a second
        // tap while the server thinks finds today's reward already taken. If the server does not
        // confirm, both are undone.
        let redemption = Redemption(memberID: member.id, rewardID: reward.id, date: now)
        store.setStars(balance - cost, of: member.id)
        store.record(redemption)

        do {
            let voucher = try await rewardsServer.confirmRedemption(of: reward.id, by: member.id)
            analytics.track("reward_redeemed", properties: ["reward": reward.id, "stars": String(cost)])
            return .redeemed(voucher)
        } catch {
            store.cancel(redemption)
            // Added to the balance as it is now, not set back to what it was: stars earned while the
            // server was thinking stay earned.
            store.setStars(store.stars(of: member.id) + cost, of: member.id)
            analytics.track("redeem_failed", properties: ["reward": reward.id])
            return .serviceUnavailable
        }
    }

    /// Reports a refusal, once, and returns it.
    private func refuse(_ reward: Reward, because reason: String, _ outcome: RedeemOutcome) -> RedeemOutcome {
        analytics.track("redeem_refused", properties: ["reason": reason, "reward": reward.id])
        return outcome
    }

    /// Whether `day` is the member's birthday in the shop. A member born on 29 February celebrates
    /// on 28 February in the years without a 29th.
    static func isBirthday(of member: Member, on day: Date) -> Bool {
        let today = Shop.calendar.dateComponents([.year, .month, .day], from: day)
        var birthday = member.birthday
        if birthday.month == 2, birthday.day == 29, let year = today.year, !isLeapYear(year) {
            birthday.day = 28
        }
        return today.month == birthday.month && today.day == birthday.day
    }

    private static func isLeapYear(_ year: Int) -> Bool {
        year.isMultiple(of: 4) && (!year.isMultiple(of: 100) || year.isMultiple(of: 400))
    }
}
