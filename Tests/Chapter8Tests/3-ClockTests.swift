import Chapter8
import Foundation
import Testing

@testable import Chapter8TestDoubles

@Suite("The redemption tells the time by the clock the harness gives it")
@MainActor
struct ClockTests {
    @Test("A second reward on the same day is refused")
    func secondRewardTheSameDay() async throws {
        let now = Date.aTuesdayMorning
        let world = FakeWorld(now: now, member: .ada, stars: 500)
        let earlier = now.addingTimeInterval(-60 * 60)
        world.record(Redemption(memberID: Member.ada.id, rewardID: Reward.latte.id, date: earlier))

        let outcome = try await redeem(.latte, in: world, insistingOn: LiveService.upToStep(3))

        #expect(
            outcome == .alreadyRedeemedToday,
            """
            Ada had a reward at \(shopTime(earlier)) and it is \(shopTime(now)) in the fake world: one \
            a day, so the screen should say .alreadyRedeemedToday; it said \(outcome). The screen must \
            tell the time by the clock your harness gives it, and read Ada's rewards from the world's \
            store.
            """)
    }

    @Test("A reward had more than a day ago does not stand in the way of today's")
    func rewardFromTheDayBefore() async throws {
        let now = Date.aTuesdayMorning
        let world = FakeWorld(now: now, member: .ada, stars: 500)
        let dayBefore = now.addingTimeInterval(-25 * 60 * 60)
        world.record(Redemption(memberID: Member.ada.id, rewardID: Reward.latte.id, date: dayBefore))

        let outcome = try await redeem(.latte, in: world, insistingOn: LiveService.upToStep(3))

        #expect(
            outcome != .alreadyRedeemedToday,
            """
            Ada's last reward was at \(shopTime(dayBefore)), a day and an hour before \(shopTime(now)), \
            the fake world's time, yet the screen refused her for today. It does not tell the time by \
            the clock your harness gives it.
            """)
    }
}
