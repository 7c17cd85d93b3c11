import Chapter8
import Foundation
import Testing

@testable import Chapter8TestDoubles

@Suite("Bug 4 · A member born on 29 February has a birthday every year")
@MainActor
struct LeapDayTests {
    @Test("In a year without 29 February, a member born on that day has the treat on 28 February")
    func treatOnTheTwentyEighth() async throws {
        let day = Date.shop(2031, 2, 28, 10)
        let world = FakeWorld(
            now: day, member: .leo, stars: 0, flags: [.birthdayTreat], serverReply: .voucher(code: "HAPPY-BIRTHDAY"))

        let outcome = try await redeem(.latte, in: world)

        #expect(
            outcome == .redeemed(Voucher(code: "HAPPY-BIRTHDAY", rewardID: Reward.latte.id)),
            """
            Leo was born on 29 February, and 2031 has no such day: the shop celebrates on 28 February, \
            \(shopTime(day)), so his latte costs no stars. The screen said \(outcome). Without that rule, \
            he has a birthday treat one year in four.
            """)
        #expect(world.stars(of: Member.leo.id) == 0, "Leo's birthday latte must cost no stars.")
    }

    @Test(
        "A member born on 29 February celebrates on the 29th in leap years, on the 28th in the others, and on no other 28th",
        arguments: [2031, 2032, 2100, 2000, 2103])
    func gregorianLeapYears(year: Int) async throws {
        // The Gregorian rule: every fourth year, except the hundredth, except the four-hundredth.
        let isLeapYear = year.isMultiple(of: 4) && (!year.isMultiple(of: 100) || year.isMultiple(of: 400))
        let days =
            [
                (Date.shop(year, 2, 28, 10), !isLeapYear), (Date.shop(year, 3, 1, 10), false),
                (Date.shop(year, 1, 28, 10), false), (Date.shop(year, 3, 28, 10), false),
            ] + (isLeapYear ? [(Date.shop(year, 2, 29, 10), true)] : [])
        for (day, isTreat) in days {
            let world = FakeWorld(
                now: day, member: .leo, stars: 0, flags: [.birthdayTreat], serverReply: .voucher(code: "LEAP"))

            let outcome = try await redeem(.latte, in: world)

            #expect(
                (outcome == .redeemed(Voucher(code: "LEAP", rewardID: Reward.latte.id))) == isTreat,
                """
                Leo was born on 29 February; \(year) \(isLeapYear ? "has" : "has no") 29 February. On \
                \(shopTime(day)) \(isTreat ? "he has his birthday treat, so a latte costs no stars" : "it is not his birthday, so a latte costs 150 stars he does not have"); \
                the screen said \(outcome). A year has 29 February when it is a multiple of 4, except \
                multiples of 100 that are not multiples of 400 (2100 has none, 2000 had one): ask the shop's \
                calendar rather than counting. The 28th stands in only in February.
                """)
        }
    }
}
