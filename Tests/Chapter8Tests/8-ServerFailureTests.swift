import Chapter8
import Foundation
import Testing

@testable import Chapter8TestDoubles

@Suite("Bug 2 · When the rewards server fails, nothing is spent")
@MainActor
struct ServerFailureTests {
    @Test("When the rewards server fails, the member keeps their stars")
    func starsAreKept() async throws {
        let world = FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 400, serverReply: .failure)

        let outcome = try await redeem(.latte, in: world)

        #expect(
            outcome == .serviceUnavailable,
            "The fake server is out of reach: the screen should say .serviceUnavailable.")
        #expect(
            world.stars(of: Member.ada.id) == 400,
            """
            The rewards server never confirmed the latte, yet Ada went from 400 stars to \
            \(world.stars(of: Member.ada.id)). Stars taken before the server answers must come back when \
            it fails (or be taken only once it has confirmed).
            """)
    }

    @Test("After a failure, the member can try again the same day")
    func retryAfterFailure() async throws {
        let world = FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 400, serverReply: .failure)

        let outcomes = try await withScreen(in: world) { screen in
            let first = await screen.redeem(.latte)
            // The server is back a minute later.
            world.now = world.now.addingTimeInterval(60)
            world.serverReply = .voucher(code: "SECOND-TRY")
            return (first, await screen.redeem(.latte))
        }

        #expect(
            outcomes.0 == .serviceUnavailable,
            "The first tap met a server out of reach: it should say .serviceUnavailable.")
        #expect(
            outcomes.1 == .redeemed(Voucher(code: "SECOND-TRY", rewardID: Reward.latte.id)),
            """
            Ada's first tap failed, the server is back, and she taps again: she has had no reward today, \
            so she should get one. The screen said \(outcomes.1). A redemption the server never \
            confirmed must not count as today's reward: do not leave it in the store.
            """)
        #expect(
            world.stars(of: Member.ada.id) == 250,
            "One latte in the end: Ada should have 250 of her 400 stars left; she has \(world.stars(of: Member.ada.id))."
        )
    }

    @Test("Stars earned while the server thinks are still there when it fails")
    func starsEarnedMeanwhileAreKept() async throws {
        let world = FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 400, serverReply: .failure)
        let hold = world.holdServerReplies(patience: .seconds(5))

        let outcome = try await withScreen(in: world) { screen in
            async let tap = screen.redeem(.latte)
            // While the server thinks, Ada buys a coffee at the till and earns 50 stars.
            await untilTheServerIsAsked(world)
            world.setStars(world.stars(of: Member.ada.id) + 50, of: Member.ada.id)
            hold.release()
            return await tap
        }

        #expect(
            outcome == .serviceUnavailable,
            "The fake server is out of reach: the screen should say .serviceUnavailable.")
        #expect(
            world.stars(of: Member.ada.id) == 450,
            """
            Ada had 400 stars, earned 50 while the server was thinking, and the server failed: she \
            should have 450, and has \(world.stars(of: Member.ada.id)). Give back the cost by adding it \
            to the balance as it is when the failure comes; setting back the balance read before the \
            call loses what happened in between.
            """)
    }
}
