import Chapter8
import Testing

@testable import Chapter8TestDoubles

@Suite("The redemption asks the session the harness gives it")
@MainActor
struct SessionTests {
    @Test("A visitor who is not signed in is refused, also one who signed out after the screen was built")
    func signedOutIsRefused() async throws {
        let world = FakeWorld(now: .aTuesdayMorning, member: nil)

        let outcome = try await redeem(.latte, in: world, insistingOn: LiveService.upToStep(1))

        #expect(
            outcome == .notSignedIn,
            "Nobody is signed in in the fake world, so the screen should refuse with .notSignedIn; it said \(outcome).")
        guard outcome == .notSignedIn else { return }

        let leaving = FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 500)
        let afterSigningOut = try await withScreen(in: leaving, insistingOn: LiveService.upToStep(1)) { screen in
            // The screen is built; Ada signs out before she taps.
            leaving.currentMember = nil
            return await screen.redeem(.latte)
        }
        #expect(
            afterSigningOut == .notSignedIn,
            """
            Ada was signed in when the harness built the screen, and signed out before she tapped, so the \
            screen should refuse with .notSignedIn; it said \(afterSigningOut). The session was read \
            before the tap: either the harness handed the screen a copy of who was signed in, not the \
            world itself, or the screen kept the member it saw when it was built. Ask the session when \
            the member taps.
            """)
    }

    @Test("A signed-in member is recognised as signed in")
    func signedInIsRecognised() async throws {
        let world = FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 0)

        let outcome = try await redeem(.latte, in: world, insistingOn: LiveService.upToStep(1))

        #expect(
            outcome != .notSignedIn,
            """
            Ada is signed in in the fake world, yet the screen says nobody is: it does not ask the \
            session your harness gives it, or the harness gives it none.
            """)
    }
}
