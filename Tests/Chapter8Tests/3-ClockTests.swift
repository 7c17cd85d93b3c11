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

    @Test("The screen tells the time when the member taps, by the world's clock as it is then")
    func clockReadAtTheTap() async throws {
        let earlier = Date.aTuesdayMorning
        let world = FakeWorld(now: earlier.addingTimeInterval(25 * 60 * 60), member: .ada, stars: 500)
        world.record(Redemption(memberID: Member.ada.id, rewardID: Reward.latte.id, date: earlier))

        let outcome = try await withScreen(in: world, insistingOn: LiveService.upToStep(3)) { screen in
            // The screen is built; the world's clock moves back to an hour after the reward.
            world.now = earlier.addingTimeInterval(60 * 60)
            return await screen.redeem(.latte)
        }

        #expect(
            outcome == .alreadyRedeemedToday,
            """
            When the harness built the screen it was \(shopTime(earlier.addingTimeInterval(25 * 60 * 60))); \
            when Ada tapped, the world's clock said \(shopTime(earlier.addingTimeInterval(60 * 60))), an hour \
            after her reward, so the screen should say .alreadyRedeemedToday; it said \(outcome). The \
            harness handed the screen a snapshot of the time, not the world's clock: hand it a closure \
            that reads `world.now` each time it is asked.
            """)
    }
}
