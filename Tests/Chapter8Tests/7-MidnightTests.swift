import Chapter8
import Foundation
import Testing

@testable import Chapter8TestDoubles

@Suite("Bug 1 · One reward a day means one per day in the shop, not one per 24 hours")
@MainActor
struct MidnightTests {
    @Test("A reward had last night does not stand in the way of one this morning")
    func lastNightDoesNotCount() async throws {
        let lastNight = Date.shop(2031, 3, 10, 21)
        let thisMorning = Date.shop(2031, 3, 11, 8)
        let world = FakeWorld(now: thisMorning, member: .ada, stars: 500, serverReply: .voucher(code: "MORNING"))
        world.record(Redemption(memberID: Member.ada.id, rewardID: Reward.latte.id, date: lastNight))

        let outcome = try await redeem(.latte, in: world)

        #expect(
            outcome == .redeemed(Voucher(code: "MORNING", rewardID: Reward.latte.id)),
            """
            Ada had a latte at \(shopTime(lastNight)) and it is now \(shopTime(thisMorning)): a new day \
            in the shop, so she may have today's reward. The screen said \(outcome). "One a day" must \
            mean one per calendar day in the shop, not one per 24 hours.
            """)
    }

    @Test("The day starts at midnight in the shop's time zone, not in UTC or the machine's")
    func shopsMidnight() async throws {
        // Honolulu is ten hours behind UTC: these pairs fall on one day there and on two in UTC, or
        // the other way round.
        let pairs = [
            (had: Date.shop(2031, 3, 10, 23, 30), now: Date.shop(2031, 3, 11, 0, 30), sameDay: false),
            (had: Date.shop(2031, 3, 11, 0, 30), now: Date.shop(2031, 3, 11, 23, 30), sameDay: true),
        ]
        for (had, now, sameDay) in pairs {
            let world = FakeWorld(now: now, member: .ada, stars: 500, serverReply: .voucher(code: "NIGHT"))
            world.record(Redemption(memberID: Member.ada.id, rewardID: Reward.latte.id, date: had))

            let outcome = try await redeem(.latte, in: world)

            if sameDay {
                #expect(
                    outcome == .alreadyRedeemedToday,
                    """
                    Ada had a latte at \(shopTime(had)) and it is \(shopTime(now)), the same day in the \
                    shop, yet the screen said \(outcome) instead of .alreadyRedeemedToday. The day is the \
                    shop's: compare dates with `Shop.calendar`, not `Calendar.current` or UTC.
                    """)
            } else {
                #expect(
                    outcome == .redeemed(Voucher(code: "NIGHT", rewardID: Reward.latte.id)),
                    """
                    Ada had a latte at \(shopTime(had)) and it is \(shopTime(now)): past midnight in the \
                    shop, a new day, yet the screen said \(outcome). The day is the shop's: compare dates \
                    with `Shop.calendar`, not `Calendar.current`, UTC, or a count of hours.
                    """)
            }
        }
    }

    @Test(
        "Only a reward had on the same day in the shop stands in the way: not one on the same date of another month or year",
        arguments: [
            (Date.shop(2031, 2, 11, 9), false, "latte"), (Date.shop(2030, 3, 11, 9), false, "latte"),
            (Date.shop(2031, 3, 10, 9), false, "muffin"), (Date.shop(2031, 3, 11, 0), true, "latte"),
            (Date.shop(2031, 3, 11, 8, 59), true, "muffin"),
        ])
    func sameDayMeansTheSameDay(had: Date, isTheSameDay: Bool, earlierReward: String) async throws {
        let now = Date.aTuesdayMorning
        let world = FakeWorld(now: now, member: .ada, stars: 500, serverReply: .voucher(code: "DAY"))
        // One reward a day, whichever it was: a muffin this morning stands in the way of a latte.
        let rewardID = earlierReward == "latte" ? Reward.latte.id : earlierReward
        world.record(Redemption(memberID: Member.ada.id, rewardID: rewardID, date: had))
        // Where today's reward is taken, the books also hold one stamped tomorrow, by a till whose
        // clock ran ahead: it is not today's, and it must not hide the one that is.
        let stampedAhead = Date.shop(2031, 3, 12, 10)
        if isTheSameDay {
            world.record(Redemption(memberID: Member.ada.id, rewardID: "muffin", date: stampedAhead))
        }

        let outcome = try await redeem(.latte, in: world)

        #expect(
            (outcome == .alreadyRedeemedToday) == isTheSameDay,
            """
            Ada had a \(earlierReward) at \(shopTime(had))\(isTheSameDay ? " (and a muffin stamped \(shopTime(stampedAhead)) by a till whose clock ran ahead)" : "") \
            and wants a latte at \(shopTime(now)): \
            \(isTheSameDay ? "the same day in the shop, so today's reward is taken" : "another day in the shop, so she may have today's reward"); \
            the screen said \(outcome). "The same day" is the same year, month and day in the shop's calendar: \
            `Shop.calendar.isDate(_:inSameDayAs:)` says it. One reward a day means one, whichever reward it was\
            \(isTheSameDay ? ", and it is whether any reward falls on today, not only the latest" : "").
            """)
    }

    @Test("A tap just before midnight counts for that day, however long the server thinks")
    func tapBeforeMidnightBelongsToThatDay() async throws {
        let justBeforeMidnight = Date.shop(2031, 3, 10, 23, 59)
        let world = FakeWorld(now: justBeforeMidnight, member: .ada, stars: 500, serverReply: .voucher(code: "LATE"))
        let hold = world.holdServerReplies(patience: .seconds(10))

        let outcomes = try await withScreen(in: world) { screen in
            let lateTap = await tapUntilTheServerIsAsked(.latte, on: screen, in: world)
            // The server answers after midnight.
            world.now = Date.shop(2031, 3, 11, 0, 30)
            hold.release()
            let late = await lateTap.value
            // The next morning.
            world.now = Date.shop(2031, 3, 11, 8)
            world.serverReply = .voucher(code: "MORNING")
            return (late, await screen.redeem(.latte))
        }

        #expect(outcomes.0 == .redeemed(Voucher(code: "LATE", rewardID: Reward.latte.id)))
        #expect(
            outcomes.1 == .redeemed(Voucher(code: "MORNING", rewardID: Reward.latte.id)),
            """
            Ada tapped at 23:59 on 10 March and the server confirmed after midnight; at 08:00 on 11 March \
            she taps again and should get today's latte, yet the screen said \(outcomes.1). The \
            redemption was dated when the server answered, not when she tapped: read the clock once, at \
            the tap, before the first `await`, and use that moment throughout.
            """)
    }
}
