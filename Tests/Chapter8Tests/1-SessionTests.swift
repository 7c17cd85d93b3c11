import Chapter8
import Testing

@testable import Chapter8TestDoubles

@Suite("The redemption asks the session the harness gives it")
@MainActor
struct SessionTests {
    @Test("A visitor who is not signed in is refused")
    func signedOutIsRefused() async throws {
        let world = FakeWorld(now: .aTuesdayMorning, member: nil)

        let outcome = try await redeem(.latte, in: world, insistingOn: LiveService.upToStep(1))

        #expect(
            outcome == .notSignedIn,
            "Nobody is signed in in the fake world, so the screen should refuse with .notSignedIn; it said \(outcome).")
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
