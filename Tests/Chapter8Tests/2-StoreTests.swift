import Chapter8
import Testing

@testable import Chapter8TestDoubles

@Suite("The redemption reads the stars from the store the harness gives it")
@MainActor
struct StoreTests {
    @Test("A member with too few stars is refused, and told how many they have and need")
    func tooFewStars() async throws {
        let world = FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 40)

        let outcome = try await redeem(.latte, in: world, insistingOn: LiveService.upToStep(2))

        #expect(
            outcome == .notEnoughStars(needed: 150, balance: 40),
            """
            Ada has 40 stars in the fake world's store and a latte costs 150, so the screen should say \
            .notEnoughStars(needed: 150, balance: 40); it said \(outcome). The balance must come from \
            the store your harness gives the screen.
            """)
    }

    @Test("Stars that exactly cover the cost are enough")
    func exactlyEnoughStars() async throws {
        let world = FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 150)

        let outcome = try await redeem(.latte, in: world, insistingOn: LiveService.upToStep(2))

        #expect(
            outcome != .notEnoughStars(needed: 150, balance: 150),
            "Ada has exactly the 150 stars a latte costs, and that is enough: the screen must not refuse her for stars."
        )
        if case .notEnoughStars(_, let balance) = outcome, balance != 150 {
            Issue.record(
                """
                The screen refused Ada for stars and says she has \(balance), but the fake world's store \
                gives her 150: it reads some other store.
                """)
        }
    }
}
