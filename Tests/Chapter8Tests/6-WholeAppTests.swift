import Chapter8
import Foundation
import Testing
import WorkbookSupport

@testable import Chapter8TestDoubles

@Suite("Tests run on fakes, the app on its real services, and no test sees another's world")
@MainActor
struct WholeAppTests {
    @Test("The harness's screen reaches no live service, and the app's screen reaches every one")
    func fakesInTestsRealServicesInTheApp() async throws {
        let world = FakeWorld(now: .aTuesdayMorning, member: .ada, stars: 400, serverReply: .voucher(code: "TEST-1"))
        _ = try await redeem(.latte, in: world)

        // The app's screen, on the app's real services. The tripwire answers for them as they would
        // in the app, and writes down which of them were reached.
        let tripwire = Tripwire(answers: .init(member: .ada, stars: 400, voucherCode: "APP-7"))
        let outcome = try await Tripwire.$current.withValue(tripwire) {
            let screen = try await ShopApp().makeRedeemScreen()
            return await screen.redeem(.latte)
        }

        #expect(
            outcome == .redeemed(Voucher(code: "APP-7", rewardID: Reward.latte.id)),
            """
            The app's own screen, built by `ShopApp.makeRedeemScreen()`, did not redeem on the app's \
            real services (it said \(outcome)). Whatever the screen now asks for, the app must hand it \
            the real session, store, rewards server and analytics.
            """)
        let reached = Set(tripwire.touched.compactMap(LiveService.init(touch:)))
        for service in [LiveService.session, .store, .rewardsServer, .analytics] where !reached.contains(service) {
            Issue.record(
                """
                The app's own screen, built by `ShopApp.makeRedeemScreen()`, never reached the live \
                \(service.singleton). In the shipping app, that would be a fake, or nothing: the app must \
                keep running on its real services while the tests run on fakes.
                """)
        }
        if reached.contains(.analytics) && !tripwire.touched.contains("Analytics.shared") {
            Issue.record(
                """
                The app's own screen reported to an `Analytics` instance of its own, not to \
                `Analytics.shared`: the SDK's events would go to an object nobody set up or reads. Hand the \
                app's screen the shared instance (the default of the screen's parameter, or `ShopApp`'s \
                wiring).
                """)
        }

        // The flag as the shipping app keeps it: in the standard user defaults, under the flag's raw
        // value. Switched on in the registration domain, which lives in this process's memory only
        // (nothing reaches a real defaults domain on disk), and switched off again after.
        let key = FeatureFlag.birthdayTreat.rawValue
        UserDefaults.standard.register(defaults: [key: true])
        defer { UserDefaults.standard.register(defaults: [key: false]) }
        let onTheBirthday = try await appRedeemsForAMemberWhoseBirthdayIsToday()
        #expect(
            onTheBirthday == .redeemed(Voucher(code: "APP-8", rewardID: Reward.latte.id)),
            """
            It is the member's birthday and the birthday treat is switched on where the shipping app \
            keeps it (`UserDefaults.standard`, key "\(key)"), yet the app's own screen, with 0 stars, said \
            \(onTheBirthday). The app read the flag somewhere else or under another key (the live \
            environment reads `UserDefaults.standard.bool(forKey: flag.rawValue)`), or it read an \
            environment another test had set for the whole process (bind it to the task instead).
            """)
    }

    /// The app's screen, on its real services, for a member whose birthday is today in the shop and
    /// who has no stars. Once more if the shop's day turned during the tap.
    private func appRedeemsForAMemberWhoseBirthdayIsToday() async throws -> RedeemOutcome {
        var outcome = RedeemOutcome.notSignedIn
        for _ in 1...2 {
            let started = Date()
            let today = Shop.calendar.dateComponents([.month, .day], from: started)
            let member = Member(
                id: "app-birthday", name: "Birthday member",
                birthday: Birthday(month: today.month ?? 1, day: today.day ?? 1))
            let tripwire = Tripwire(answers: .init(member: member, stars: 0, voucherCode: "APP-8"))
            outcome = try await Tripwire.$current.withValue(tripwire) {
                try await ShopApp().makeRedeemScreen().redeem(.latte)
            }
            if Shop.calendar.isDate(Date(), inSameDayAs: started) { break }
        }
        return outcome
    }

    /// How many worlds the next test runs at once.
    static let worldCount = 1_000

    @Test("A thousand redemptions at once, each in a world of its own, each sees only its own world")
    func worldsDoNotMix() async throws {
        let scenarios = (0..<Self.worldCount).map(Scenario.init)
        let everyoneReady = Rendezvous(expecting: Self.worldCount, patience: .seconds(10))
        let tripwire = Tripwire()

        let outcomes = try await Tripwire.$current.withValue(tripwire) {
            try await withThrowingTaskGroup(of: (Int, RedeemOutcome).self) { group in
                for scenario in scenarios {
                    group.addTask { try await Self.redeemOnceAllAreBuilt(scenario, everyoneReady) }
                }
                var outcomes: [Int: RedeemOutcome] = [:]
                for try await (number, outcome) in group { outcomes[number] = outcome }
                return outcomes
            }
        }
        // A live service answers every world alike, which would look like a mix-up: that comes first.
        try requireUntouched(LiveService.allCases, by: tripwire)

        var mixedUp: [String] = []
        for scenario in scenarios {
            mixedUp += scenario.problems(outcome: outcomes[scenario.number])
        }
        guard !mixedUp.isEmpty else { return }
        Issue.record(
            """
            \(Self.worldCount) redemptions ran at the same time, each on a screen your harness built on a \
            world of its own, and \(mixedUp.count) things went to, or came from, the wrong world. Something \
            in the screen, the harness or a fake is shared by every test: a process-wide `Current` (bind it \
            to the task instead), a locator kept in a static (make one per screen), or a fake kept in a \
            static (make one per world). The first of them:
            \(mixedUp.prefix(5).joined(separator: "\n"))
            """)
    }

    /// Builds the screen on the scenario's world and redeems a latte, once every world's screen is
    /// built: so a world that leaks into another (a process-wide `Current`, a locator or a fake in a
    /// static) shows, every time.
    @MainActor
    private static func redeemOnceAllAreBuilt(_ scenario: Scenario, _ everyoneReady: Rendezvous) async throws -> (
        Int, RedeemOutcome
    ) {
        let outcome = try await withFeature(in: scenario.world) { screen in
            await everyoneReady.arrive()
            return await screen.redeem(.latte)
        }
        return (scenario.number, outcome)
    }

    /// One of the thousand worlds. They differ in everything a leak could carry: the day, whether a
    /// reward was had this morning, the flag, the balance, the voucher.
    struct Scenario: Sendable {
        let number: Int
        let world: FakeWorld
        let now: Date
        /// Ada had a reward an hour ago, so this tap is turned away.
        let hadOneToday: Bool
        /// The treat is on, and today is Ada's birthday in this world.
        let birthdayTreat: Bool
        let stars: Int

        init(_ number: Int) {
            self.number = number
            now = Date.aTuesdayMorning.addingTimeInterval(Double(number) * 24 * 60 * 60)
            hadOneToday = number.isMultiple(of: 2)
            birthdayTreat = number % 3 == 1
            stars = 1_000 + number
            let today = Shop.calendar.dateComponents([.month, .day], from: now)
            // The same member in every world, as tests write them: only her birthday moves.
            let ada = Member(
                id: Member.ada.id, name: Member.ada.name,
                birthday: birthdayTreat ? Birthday(month: today.month ?? 1, day: today.day ?? 1) : Member.ada.birthday)
            world = FakeWorld(
                now: now, member: ada, stars: stars, flags: birthdayTreat ? [.birthdayTreat] : [],
                serverReply: .voucher(code: "WORLD-\(number)"))
            if hadOneToday {
                world.record(
                    Redemption(memberID: ada.id, rewardID: Reward.latte.id, date: now.addingTimeInterval(-60 * 60)))
            }
        }

        /// What went wrong in this world, one line each.
        func problems(outcome: RedeemOutcome?) -> [String] {
            let name =
                "world \(number) (\(shopTime(now))\(hadOneToday ? ", a reward this morning" : "")"
                + "\(birthdayTreat ? ", Ada's birthday with the treat on" : ""))"
            let cost = birthdayTreat ? 0 : Reward.latte.cost
            let expected: RedeemOutcome =
                hadOneToday
                ? .alreadyRedeemedToday : .redeemed(Voucher(code: "WORLD-\(number)", rewardID: Reward.latte.id))
            var problems: [String] = []
            if outcome != expected {
                problems.append("\(name): the screen said \(outcome.map { "\($0)" } ?? "nothing"), not \(expected)")
            }
            let balance = world.stars(of: Member.ada.id)
            let expectedBalance = hadOneToday ? stars : stars - cost
            if balance != expectedBalance {
                problems.append("\(name): Ada has \(balance) stars in this world's store, not \(expectedBalance)")
            }
            let calls = world.serverCalls.count
            if calls != (hadOneToday ? 0 : 1) {
                problems.append(
                    "\(name): this world's rewards server was asked \(calls) times, not \(hadOneToday ? 0 : 1)")
            }
            // How many `reward_redeemed` a redemption sends is Step 9's business; here, only where
            // the events land.
            let expectedEvent = hadOneToday ? "redeem_refused" : "reward_redeemed"
            let events = world.trackedEvents.map(\.name)
            if events.isEmpty || events.contains(where: { $0 != expectedEvent }) {
                problems.append("\(name): this world's analytics received \(events), not \(expectedEvent)")
            }
            return problems
        }
    }
}

extension LiveService {
    /// The singleton, as code spells it.
    var singleton: String {
        switch self {
        case .session: "`UserSession.shared`"
        case .store: "`LoyaltyStore.shared`"
        case .clock: "clock"
        case .rewardsServer: "`RewardsAPI.shared`"
        case .analytics: "`Analytics.shared`"
        }
    }
}
