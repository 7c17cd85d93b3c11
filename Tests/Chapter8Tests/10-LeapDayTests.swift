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
}
