import Chapter8
import Foundation
import Testing
import WorkbookSupport

@testable import Chapter8TestDoubles

@Suite("The redemption is confirmed by the rewards server the harness gives it")
@MainActor
struct RewardsServerTests {
    @Test("A member with enough stars gets the voucher the rewards server issues, and pays its cost")
    func redeemsWithEnoughStars() async throws {
        let now = Date.aTuesdayMorning
        let world = FakeWorld(now: now, member: .ada, stars: 400, serverReply: .voucher(code: "LATTE-0042"))

        let outcome = try await redeem(.latte, in: world, insistingOn: LiveService.upToStep(5))

        #expect(
            outcome == .redeemed(Voucher(code: "LATTE-0042", rewardID: Reward.latte.id)),
            """
            Ada has 400 stars and the fake world's rewards server issues voucher LATTE-0042, so the \
            screen should show that voucher; it said \(outcome). The screen must ask the server your \
            harness gives it.
            """)
        #expect(
            world.serverCalls == [FakeWorld.ServerCall(rewardID: Reward.latte.id, memberID: Member.ada.id)],
            "The fake server should be asked once, for Ada's latte; it received \(world.serverCalls).")
        #expect(
            world.stars(of: Member.ada.id) == 250,
            """
            A latte costs 150 of Ada's 400 stars, so the fake world's store should hold 250 afterwards; \
            it holds \(world.stars(of: Member.ada.id)).
            """)
        #expect(
            world.redemptions(of: Member.ada.id)
                == [Redemption(memberID: Member.ada.id, rewardID: Reward.latte.id, date: now)],
            """
            The fake world's store should remember one latte for Ada, at \(shopTime(now)), the world's \
            time; it remembers \(world.redemptions(of: Member.ada.id)).
            """)
    }

    @Test("When the rewards server fails, the member is told to try again later")
    func serverFailureIsShown() async throws {
        let world = FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 400, serverReply: .failure)

        let outcome = try await redeem(.latte, in: world, insistingOn: LiveService.upToStep(5))

        #expect(
            outcome == .serviceUnavailable,
            "The fake world's rewards server cannot be reached, so the screen should say .serviceUnavailable; it said \(outcome)."
        )
        #expect(
            world.serverCalls.count == 1,
            "The fake server should be asked once; it was asked \(world.serverCalls.count) times.")
    }

    @Test("Two taps at once redeem the reward once")
    func doubleTap() async throws {
        let world = FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 400, serverReply: .voucher(code: "ONCE"))

        // The server thinks until the first tap has finished: long enough for the second to come in.
        let outcomes = try await twoTapsWhileTheServerThinks(.latte, in: world, insistingOn: LiveService.upToStep(5))

        let redeemed = outcomes.filter { if case .redeemed = $0 { true } else { false } }
        #expect(
            redeemed.count == 1,
            """
            Ada tapped "Redeem" twice while the server was thinking. One tap must redeem the latte and the \
            other be turned away, but the screen gave \(outcomes). A second tap must find today's reward \
            taken: both taps passed the checks before either had been written down.
            """)
        let turnedAway = outcomes.filter { if case .redeemed = $0 { false } else { true } }
        #expect(
            redeemed.count != 1 || turnedAway == [.alreadyRedeemedToday],
            """
            The tap that did not redeem should be told that today's reward is taken \
            (.alreadyRedeemedToday); it was told \(turnedAway). The screen must turn it away itself, \
            before asking the server: the real server accepts a second call while it thinks about the \
            first. If your harness's server refuses a call while another is pending, it hides that.
            """)
        #expect(
            world.serverCalls.count == 1,
            "Two quick taps must make one request to the rewards server; the fake server received \(world.serverCalls.count)."
        )
        #expect(
            world.stars(of: Member.ada.id) == 250,
            "Two quick taps must cost Ada one latte, 150 of her 400 stars; she has \(world.stars(of: Member.ada.id)) left."
        )
        guard redeemed.count == 1 else { return }

        // On her birthday, with the treat on, the latte is free: two quick taps still get one.
        let birthday = FakeWorld(
            now: .shop(2031, 12, 10, 10), member: .ada, stars: 400, flags: [.birthdayTreat],
            serverReply: .voucher(code: "TREAT"))
        let birthdayOutcomes = try await twoTapsWhileTheServerThinks(
            .latte, in: birthday, insistingOn: LiveService.upToStep(5))
        let freeOnes = birthdayOutcomes.count { if case .redeemed = $0 { true } else { false } }
        #expect(
            freeOnes == 1 && birthday.serverCalls.count == 1,
            """
            On Ada's birthday, with the treat on, she tapped "Redeem" twice while the server was thinking: \
            the screen gave \(birthdayOutcomes), and the server was asked \(birthday.serverCalls.count) \
            time(s). A free treat is still today's reward: write it down before asking the server, as \
            for a paid one, so that the second tap finds it.
            """)
    }

    @Test("While the server thinks about one member's tap, another member's tap is not turned away")
    func anotherMemberWhileTheServerThinks() async throws {
        let world = FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 400, serverReply: .voucher(code: "BOTH"))
        world.setStars(400, of: Member.leo.id)
        // The server thinks until the test lets it answer; the patience only keeps a screen that
        // never gets there from hanging the test, so it is long: on a busy machine the taps are slow.
        let hold = world.holdServerReplies(patience: .seconds(10))
        let (adas, leos) = try await withScreen(in: world, insistingOn: LiveService.upToStep(5)) { screen in
            // Ada's tap reaches the server, which thinks; then Leo takes the phone and taps.
            let adasTap = await tapUntilTheServerIsAsked(.latte, on: screen, in: world)
            world.currentMember = .leo
            // Until Leo's tap reaches the server too, or is answered without it (turned away).
            let leosTap = await tapUntilTheServerIsAsked(.latte, on: screen, in: world)
            hold.release()
            return (await adasTap.value, await leosTap.value)
        }
        #expect(
            world.serverCalls.map(\.memberID) == [Member.ada.id, Member.leo.id]
                && [adas, leos].allSatisfy { if case .redeemed = $0 { true } else { false } },
            """
            While the server thought about Ada's latte, Leo signed in and tapped for his: his tap was \
            \(leos) and Ada's \(adas), and the server heard \(world.serverCalls.map(\.memberID)). One \
            reward a day is each member's own: a tap in flight turns away the same member's next taps, \
            and nobody else's.
            """)
    }
}
