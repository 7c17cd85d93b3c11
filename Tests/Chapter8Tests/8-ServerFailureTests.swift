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

        // On her birthday, with the treat on, the latte costs nothing: a failure gives back nothing.
        let birthday = FakeWorld(
            now: .shop(2031, 12, 10, 10), member: .ada, stars: 400, flags: [.birthdayTreat], serverReply: .failure)
        _ = try await redeem(.latte, in: birthday)
        #expect(
            birthday.stars(of: Member.ada.id) == 400,
            """
            On Ada's birthday, with the treat on, the latte was free; the server failed, and Ada went from \
            400 stars to \(birthday.stars(of: Member.ada.id)). Give back what the tap took, not the reward's \
            price.
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
        guard outcomes.1 == .redeemed(Voucher(code: "SECOND-TRY", rewardID: Reward.latte.id)) else { return }

        // The same on her birthday, when the latte is free; and when the server answers but
        // declines, which is no confirmation either.
        let others: [(what: String, world: FakeWorld)] = [
            (
                "on Ada's birthday, with the treat on, the server was out of reach",
                FakeWorld(
                    now: .shop(2031, 12, 10, 10), member: .ada, stars: 400, flags: [.birthdayTreat],
                    serverReply: .failure)
            ),
            (
                "the server answered and declined (`RewardsAPIError.refused`)",
                FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 400, serverReply: .refusal)
            ),
        ]
        for (what, other) in others {
            let retried = try await withScreen(in: other) { screen in
                _ = await screen.redeem(.latte)
                other.now = other.now.addingTimeInterval(60)
                other.serverReply = .voucher(code: "AGAIN")
                return await screen.redeem(.latte)
            }
            #expect(
                retried == .redeemed(Voucher(code: "AGAIN", rewardID: Reward.latte.id)),
                """
                Ada's first tap was not confirmed (\(what)); a minute later she taps again and the screen \
                said \(retried). Whatever the first tap wrote must be undone whenever the server does not \
                confirm, whatever the reward cost and however the server failed.
                """)
        }
    }

    @Test(
        "Stars earned while the server thinks are kept, whether it confirms or fails",
        arguments: [false, true])
    func starsEarnedMeanwhileAreKept(serverConfirms: Bool) async throws {
        let world = FakeWorld(
            now: .aTuesdayMorning, member: .ada, stars: 400,
            serverReply: serverConfirms ? .voucher(code: "MEANWHILE") : .failure)
        let hold = world.holdServerReplies(patience: .seconds(10))

        let outcome = try await withScreen(in: world) { screen in
            let tap = await tapUntilTheServerIsAsked(.latte, on: screen, in: world)
            // While the server thinks, a minute passes and Ada buys a coffee at the till: 50 stars.
            world.now = world.now.addingTimeInterval(60)
            world.setStars(world.stars(of: Member.ada.id) + 50, of: Member.ada.id)
            hold.release()
            return await tap.value
        }

        let expectedStars = serverConfirms ? 400 + 50 - 150 : 400 + 50
        #expect(
            outcome
                == (serverConfirms
                    ? .redeemed(Voucher(code: "MEANWHILE", rewardID: Reward.latte.id)) : .serviceUnavailable))
        #expect(
            world.stars(of: Member.ada.id) == expectedStars,
            """
            Ada had 400 stars, earned 50 while the server was thinking, and the server \
            \(serverConfirms ? "confirmed her latte (150 stars)" : "failed"): she should have \(expectedStars), \
            and has \(world.stars(of: Member.ada.id)). Change the balance by what the tap costs or gives \
            back, as it is at that moment; a balance worked out from a read made before the `await` \
            overwrites what happened in between.
            """)
        if !serverConfirms {
            #expect(
                world.redemptions(of: Member.ada.id).isEmpty,
                """
                The server failed, yet a redemption is still recorded for Ada \
                (\(world.redemptions(of: Member.ada.id).map { shopTime($0.date) })), so she cannot try again \
                today. Undo exactly the redemption that was recorded for the tap (the same value), not one \
                rebuilt afterwards with a second reading of the clock.
                """)
        }
    }
}
