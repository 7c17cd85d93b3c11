import Chapter8
import Foundation
import Testing

@testable import Chapter8TestDoubles

@Suite("The birthday treat follows the flag the harness gives the screen")
@MainActor
struct BirthdayTreatTests {
    /// Ada's birthday, 10 December, at ten in the morning in the shop.
    private let adasBirthday = Date.shop(2031, 12, 10, 10)

    @Test("With the birthday treat on, a reward costs no stars on the member's birthday")
    func treatOnBirthday() async throws {
        let world = FakeWorld(now: adasBirthday, member: .ada, stars: 0, flags: [.birthdayTreat])

        let outcome = try await redeem(.latte, in: world, insistingOn: LiveService.upToStep(3))

        #expect(
            outcome != .notEnoughStars(needed: 150, balance: 0),
            """
            The fake world switched the birthday treat on and it is Ada's birthday, yet the screen asked \
            her for 150 stars. It does not see the world's flag: it still reads the standard user \
            defaults, where the flag is off, or your harness does not hand over the world's flags.
            """)
    }

    @Test("The treat follows the flag as it is when the member taps")
    func flagReadAtTheTap() async throws {
        let world = FakeWorld(now: adasBirthday, member: .ada, stars: 0, flags: [])

        let outcome = try await withScreen(in: world, insistingOn: LiveService.upToStep(3)) { screen in
            // The team switches the treat on after the screen was built.
            world.setEnabled(.birthdayTreat, true)
            return await screen.redeem(.latte)
        }

        #expect(
            outcome != .notEnoughStars(needed: 150, balance: 0),
            """
            The birthday treat was switched on after the screen was built, before Ada tapped on her \
            birthday, yet the screen asked her for 150 stars. It read the flag once, when it was made (or \
            your harness copied the world's flags then): read it when the member taps.
            """)
    }

    @Test("With the birthday treat off, a birthday costs the full price")
    func noTreatWhenOff() async throws {
        let world = FakeWorld(now: adasBirthday, member: .ada, stars: 0, flags: [])

        let outcome = try await redeem(.latte, in: world, insistingOn: LiveService.upToStep(3))

        #expect(
            outcome == .notEnoughStars(needed: 150, balance: 0),
            """
            The birthday treat is off in the fake world, so a latte costs its 150 stars even on Ada's \
            birthday: the screen should say .notEnoughStars(needed: 150, balance: 0); it said \(outcome).
            """)
    }

    @Test("With the birthday treat on, any other day costs the full price")
    func noTreatOnOtherDays() async throws {
        let dayAfter = Date.shop(2031, 12, 11, 10)
        let world = FakeWorld(now: dayAfter, member: .ada, stars: 0, flags: [.birthdayTreat])

        let outcome = try await redeem(.latte, in: world, insistingOn: LiveService.upToStep(3))

        #expect(
            outcome == .notEnoughStars(needed: 150, balance: 0),
            """
            It is \(shopTime(dayAfter)), the day after Ada's birthday, so the treat is over and a latte \
            costs 150 stars: the screen should say .notEnoughStars(needed: 150, balance: 0); it said \
            \(outcome).
            """)
    }

    @Test(
        "The treat lasts the whole birthday in the shop, from midnight to midnight there, and not a minute more",
        arguments: [Birthday(month: 1, day: 1), Birthday(month: 6, day: 15), Birthday(month: 12, day: 31)])
    func wholeBirthdayInTheShop(birthday: Birthday) async throws {
        let member = Member(id: "born-\(birthday.month)-\(birthday.day)", name: "Kim", birthday: birthday)
        let midnight = Date.shop(2031, birthday.month, birthday.day, 0)
        // Honolulu is ten hours behind UTC: at each edge, the date in UTC (or on the machine) is
        // another one than in the shop.
        let moments = [
            (midnight.addingTimeInterval(-60), false), (midnight, true), (midnight.addingTimeInterval(10 * 3600), true),
            (midnight.addingTimeInterval(24 * 3600 - 60), true), (midnight.addingTimeInterval(24 * 3600), false),
        ]
        for (moment, isTreat) in moments {
            let world = FakeWorld(now: moment, member: member, stars: 0, flags: [.birthdayTreat])

            let outcome = try await redeem(.latte, in: world, insistingOn: LiveService.upToStep(3))

            #expect(
                (outcome != .notEnoughStars(needed: 150, balance: 0)) == isTreat,
                """
                Kim was born on \(birthday.day)/\(birthday.month), and it is \(shopTime(moment)) in the shop: \
                \(isTreat ? "her birthday there, so the treat costs no stars" : "not her birthday there, so a latte costs 150 stars"); \
                the screen said \(outcome). The birthday is a day in the shop's calendar (`Shop.calendar`), \
                from its midnight to the next, whatever the time zone of the phone or the machine.
                """)
        }
    }

    @Test("In a leap year, a 29 February birthday is celebrated on 29 February, never the day before or after")
    func leapYearBirthday() async throws {
        let days = [
            (Date.shop(2032, 2, 28, 10), false), (Date.shop(2032, 2, 29, 10), true), (Date.shop(2032, 3, 1, 10), false),
            (Date.shop(2031, 3, 1, 10), false),
        ]
        for (day, isTreat) in days {
            let world = FakeWorld(now: day, member: .leo, stars: 0, flags: [.birthdayTreat])

            let outcome = try await redeem(.latte, in: world, insistingOn: LiveService.upToStep(3))

            if isTreat {
                #expect(
                    outcome != .notEnoughStars(needed: 150, balance: 0),
                    "2032 has a 29 February, Leo's birthday: on \(shopTime(day)), his treat costs no stars.")
            } else {
                #expect(
                    outcome == .notEnoughStars(needed: 150, balance: 0),
                    """
                    Leo was born on 29 February. On \(shopTime(day)) it is not his birthday, so a latte costs \
                    150 stars: the screen should say .notEnoughStars(needed: 150, balance: 0); it said \
                    \(outcome). (The day before 29 February is his birthday only in years without one.)
                    """)
            }
        }
    }
}
