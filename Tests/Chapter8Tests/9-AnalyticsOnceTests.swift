import Chapter8
import Foundation
import Testing

@testable import Chapter8TestDoubles

@Suite("Bug 3 · A redemption is counted once")
@MainActor
struct AnalyticsOnceTests {
    @Test("A successful redemption is reported exactly once", arguments: [false, true])
    func successIsReportedOnce(onTheBirthday: Bool) async throws {
        // On Ada's birthday, with the treat on, the latte costs nothing: the event says so.
        let world = FakeWorld(
            now: onTheBirthday ? .shop(2031, 12, 10, 10) : .aTuesdayMorning, member: .ada, stars: 400,
            flags: onTheBirthday ? [.birthdayTreat] : [])

        _ = try await redeem(.latte, in: world)

        let expected = AnalyticsEvent(
            name: "reward_redeemed", properties: ["reward": Reward.latte.id, "stars": onTheBirthday ? "0" : "150"])
        #expect(
            world.trackedEvents == [expected],
            """
            One latte was redeemed, so the fake world's analytics should receive exactly one event, \
            \(expected); it received \(world.trackedEvents). Every redemption counted twice doubles \
            the dashboard's numbers.
            """)
    }
}
