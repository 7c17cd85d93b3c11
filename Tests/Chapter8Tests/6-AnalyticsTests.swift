import Chapter8
import Foundation
import Testing

@testable import Chapter8TestDoubles

@Suite("Every tap is reported to the analytics the harness gives the screen")
@MainActor
struct AnalyticsTests {
    @Test(
        "Each refusal is reported once, with its reason",
        arguments: ["signed_out", "once_a_day", "not_enough_stars"])
    func refusalsAreReported(reason: String) async throws {
        let world: FakeWorld
        switch reason {
        case "signed_out":
            world = FakeWorld(now: .aTuesdayMorning, member: nil)
        case "once_a_day":
            world = FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 500)
            let earlier = Date.aTuesdayMorning.addingTimeInterval(-60 * 60)
            world.record(Redemption(memberID: Member.ada.id, rewardID: Reward.latte.id, date: earlier))
        default:
            world = FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 10)
        }

        _ = try await redeem(.latte, in: world)

        let expected = AnalyticsEvent(
            name: "redeem_refused", properties: ["reason": reason, "reward": Reward.latte.id])
        #expect(
            world.trackedEvents == [expected],
            """
            A tap refused for "\(reason)" should send the fake world's analytics exactly one event, \
            \(expected); it received \(world.trackedEvents).
            """)
        guard reason == "once_a_day", world.trackedEvents == [expected] else { return }

        // A second tap while the first is with the server is turned away for the same reason, and
        // reported the same way.
        let busy = FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 400, serverReply: .voucher(code: "FIRST"))
        let outcomes = try await twoTapsWhileTheServerThinks(.latte, in: busy)
        let refusals = busy.trackedEvents.filter { $0.name == "redeem_refused" }
        #expect(
            refusals == [expected],
            """
            Ada tapped twice while the server was thinking (the screen said \(outcomes)); the tap turned \
            away should be reported once, as \(expected). The refusals the world's analytics received: \
            \(refusals).
            """)
    }

    @Test("A redemption the rewards server does not confirm is reported once, as a failure")
    func failureIsReported() async throws {
        let world = FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 400, serverReply: .failure)

        _ = try await redeem(.latte, in: world)

        let expected = AnalyticsEvent(name: "redeem_failed", properties: ["reward": Reward.latte.id])
        #expect(
            world.trackedEvents == [expected],
            """
            A tap the rewards server did not confirm should send the fake world's analytics exactly one \
            event, \(expected), and no `reward_redeemed`: nothing was redeemed. It received \
            \(world.trackedEvents).
            """)
    }

    @Test("Two taps refused for the same reason send two events, the same twice")
    func repeatedEventsAreEachReported() async throws {
        let world = FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 10)

        _ = try await withScreen(in: world) { screen in
            _ = await screen.redeem(.latte)
            _ = await screen.redeem(.latte)
        }

        let refusal = AnalyticsEvent(
            name: "redeem_refused", properties: ["reason": "not_enough_stars", "reward": Reward.latte.id])
        #expect(
            world.trackedEvents == [refusal, refusal],
            """
            Ada tapped twice with too few stars: two taps, two refusals, so the fake world's analytics \
            should receive \(refusal) twice. It received \(world.trackedEvents). Every event the screen \
            sends must reach the world as it is sent: a harness that drops a repeat, or merges two, \
            would hide the double count of Step 9.
            """)
    }
}
