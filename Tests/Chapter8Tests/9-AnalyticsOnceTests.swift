import Chapter8
import Foundation
import Testing

@testable import Chapter8TestDoubles

@Suite("Bug 3 · A redemption is counted once")
@MainActor
struct AnalyticsOnceTests {
    @Test("A successful redemption is reported exactly once")
    func successIsReportedOnce() async throws {
        let world = FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 400)

        _ = try await redeem(.latte, in: world)

        let expected = AnalyticsEvent(name: "reward_redeemed", properties: ["reward": Reward.latte.id, "stars": "150"])
        #expect(
            world.trackedEvents == [expected],
            """
            One latte was redeemed, so the fake world's analytics should receive exactly one event, \
            \(expected); it received \(world.trackedEvents). Every redemption counted twice doubles \
            the dashboard's numbers.
            """)
    }
}
