import Chapter8
import Foundation
import Synchronization
import Testing
import WorkbookSupport

@testable import Chapter8TestDoubles

@Suite("The redemption rules hold over whole days of taps, not only the scenarios of Steps 1 to 10")
@MainActor
struct RedemptionRuleTests {
    @Test("Over any sequence of taps, double taps, failures, retries and passing days, the screen follows the rules")
    func screenFollowsTheRules() async {
        await expectRule(
            "a signed-in member gets one reward per shop day; it costs its stars, or nothing on their birthday "
                + "(28 February for 29 February in other years) with the treat on; stars are taken, and the "
                + "redemption kept, only when the server issues a voucher; two quick taps redeem at most once; "
                + "every tap sends exactly one event",
            boundaries: ShopDay.boundaries,
            generated: 150,
            generate: ShopDay.init(using:),
            shrink: { $0.smaller },
            tell: { $0.told },
            check: { day in
                try await day.firstDifference()
            }
        )
    }
}

/// A member, their stars, the flag, a start time, and what happens at the counter.
struct ShopDay: Sendable {
    enum Reply: Sendable, Equatable {
        case voucher, failure, refusal

        var world: FakeWorld.ServerReply {
            switch self {
            case .voucher: .voucher(code: "V-\(UUID().uuidString.prefix(8))")
            case .failure: .failure
            case .refusal: .refusal
            }
        }
    }

    enum Move: Sendable, Equatable {
        case minute, hour, toJustBeforeMidnight, toMidnight, toNextMorning, dayAndAnHour
    }

    enum Step: Sendable, Equatable {
        case tap(Reward, Reply)
        /// Two or three taps while the server thinks, in this order.
        case quickTaps([Reward], Reply)
        case wait(Move)
        case earn(Int)
        case signOut
        case signIn
        case treat(on: Bool)
    }

    static let croissant = Reward(id: "croissant", name: "Croissant", cost: 100)
    static let rewards = [Reward.latte, croissant]

    var member: Member
    var stars: Int
    var treatOn: Bool
    var start: Date
    var steps: [Step]

    /// Always checked: the last star and one short; a double tap of two different rewards; a
    /// success, a new day and a second success on the same screen; failure, refusal, then retry;
    /// Leo on 28 February in a year without a 29th, and in a leap year; Ada's birthday at midnight.
    static let boundaries: [ShopDay] = [
        ShopDay(member: .ada, stars: 150, treatOn: false, start: .aTuesdayMorning, steps: [.tap(.latte, .voucher)]),
        ShopDay(member: .ada, stars: 149, treatOn: false, start: .aTuesdayMorning, steps: [.tap(.latte, .voucher)]),
        ShopDay(
            member: .ada, stars: 400, treatOn: false, start: .aTuesdayMorning,
            steps: [.quickTaps([.latte, croissant], .voucher)]),
        ShopDay(
            member: .ada, stars: 400, treatOn: false, start: .aTuesdayMorning,
            steps: [.quickTaps([.latte, .latte, .latte], .voucher)]),
        ShopDay(
            member: .ada, stars: 400, treatOn: false, start: .aTuesdayMorning,
            steps: [.tap(.latte, .voucher), .wait(.toNextMorning), .tap(croissant, .voucher)]),
        ShopDay(
            member: .ada, stars: 400, treatOn: false, start: .aTuesdayMorning,
            steps: [.tap(.latte, .failure), .tap(.latte, .refusal), .tap(.latte, .voucher), .tap(croissant, .voucher)]),
        ShopDay(member: .leo, stars: 0, treatOn: true, start: .shop(2031, 2, 28, 9), steps: [.tap(.latte, .voucher)]),
        ShopDay(
            member: .leo, stars: 0, treatOn: true, start: .shop(2032, 2, 28, 9),
            steps: [.tap(.latte, .voucher), .wait(.toNextMorning), .tap(.latte, .voucher)]),
        ShopDay(
            member: .ada, stars: 0, treatOn: true, start: .shop(2031, 12, 9, 23, 59),
            steps: [
                .tap(.latte, .voucher), .wait(.toMidnight), .quickTaps([.latte, .latte], .failure),
                .tap(.latte, .voucher),
            ]),
    ]

    init(member: Member, stars: Int, treatOn: Bool, start: Date, steps: [Step]) {
        (self.member, self.stars, self.treatOn, self.start, self.steps) = (member, stars, treatOn, start, steps)
    }

    init(using random: inout SeededRandom) {
        member = random.chance(0.6) ? .ada : .leo
        stars = random.pick([0, 99, 100, 149, 150, 250, 400, 1000])
        treatOn = random.chance(0.5)
        let starts: [Date] =
            member == .ada
            ? [.aTuesdayMorning, .shop(2031, 12, 9, 21), .shop(2031, 12, 10, 7), .shop(2031, 12, 10, 23, 30)]
            : [.shop(2031, 2, 27, 22), .shop(2031, 2, 28, 12), .shop(2032, 2, 28, 21), .shop(2032, 2, 29, 8)]
        start = random.pick(starts)
        let moves: [Move] = [.minute, .hour, .toJustBeforeMidnight, .toMidnight, .toNextMorning, .dayAndAnHour]
        func reply(_ random: inout SeededRandom) -> Reply {
            random.chance(0.7) ? .voucher : random.pick([.failure, .refusal])
        }
        steps = (0..<random.intNearEdges(in: 1...9)).map { _ in
            switch random.int(in: 0...11) {
            case 0...3: .tap(random.pick(Self.rewards), reply(&random))
            case 4, 5: .quickTaps((0..<random.int(in: 2...3)).map { _ in random.pick(Self.rewards) }, reply(&random))
            case 6, 7, 8: .wait(random.pick(moves))
            case 9: .earn(random.pick([1, 50, 150]))
            case 10: random.chance(0.5) ? .signOut : .signIn
            default: .treat(on: random.chance(0.5))
            }
        }
    }

    // MARK: - The model

    struct Model {
        var signedIn = true
        var stars: Int
        var redemptionDays: [DateComponents] = []
        var treatOn: Bool

        static func day(_ date: Date) -> DateComponents {
            Shop.calendar.dateComponents([.year, .month, .day], from: date)
        }

        func isBirthday(of member: Member, on date: Date) -> Bool {
            let today = Self.day(date)
            var birthday = (month: member.birthday.month, day: member.birthday.day)
            if let year = today.year, birthday == (2, 29),
                !(year.isMultiple(of: 4) && (!year.isMultiple(of: 100) || year.isMultiple(of: 400)))
            {
                birthday.day = 28
            }
            return today.month == birthday.month && today.day == birthday.day
        }

        /// What one tap must end in, before the server answers: a refusal, or the price to pay.
        func verdict(for reward: Reward, by member: Member, at now: Date) -> (
            refusal: RedeemOutcome?, reason: String?, cost: Int
        ) {
            guard signedIn else { return (.notSignedIn, "signed_out", 0) }
            if redemptionDays.contains(Self.day(now)) { return (.alreadyRedeemedToday, "once_a_day", 0) }
            let cost = treatOn && isBirthday(of: member, on: now) ? 0 : reward.cost
            if stars < cost { return (.notEnoughStars(needed: cost, balance: stars), "not_enough_stars", 0) }
            return (nil, nil, cost)
        }
    }

    // MARK: - Running it

    func firstDifference() async throws -> String? {
        let world = FakeWorld(now: start, member: member, stars: stars, flags: treatOn ? [.birthdayTreat] : [])
        var model = Model(stars: stars, treatOn: treatOn)
        return try await withScreen(in: world) { screen -> String? in
            for (number, step) in zip(1..., steps) {
                let eventsBefore = world.trackedEvents.count
                let callsBefore = world.serverCalls.count
                switch step {
                case .wait(let move):
                    world.now = Self.moved(world.now, move)
                    continue
                case .earn(let more):
                    world.setStars(world.stars(of: member.id) + more, of: member.id)
                    model.stars += more
                    continue
                case .signOut:
                    world.currentMember = nil
                    model.signedIn = false
                    continue
                case .signIn:
                    world.currentMember = member
                    model.signedIn = true
                    continue
                case .treat(let on):
                    world.setEnabled(.birthdayTreat, on)
                    model.treatOn = on
                    continue
                case .tap(let reward, let reply):
                    let serverReply = reply.world
                    world.serverReply = serverReply
                    let outcome = await screen.redeem(reward)
                    let expected = Self.apply(reward, reply: serverReply, to: &model, member: member, now: world.now)
                    if outcome != expected.outcome {
                        return "at step \(number), the tap said \(outcome) where the rules say \(expected.outcome)."
                    }
                    let events = Array(world.trackedEvents.dropFirst(eventsBefore))
                    if let wrong = Self.eventProblem(events, expected: [expected.event], reward: [reward]) {
                        return "at step \(number), \(wrong)"
                    }
                case .quickTaps(let rewards, let reply):
                    let serverReply = reply.world
                    world.serverReply = serverReply
                    // Released below, once every tap is accounted for; the patience only keeps a
                    // screen that never gets there from hanging the test.
                    let hold = world.holdServerReplies(patience: .seconds(10))
                    let answered = Counter()
                    // Every tap is queued on the main actor before the first one runs, as taps on a
                    // screen are: the second runs at the first's first suspension, wherever that is
                    // (at the server, or at an `await` added before the writes), every time.
                    let taps = rewards.map { reward in
                        Task { @MainActor in
                            let outcome = await screen.redeem(reward)
                            answered.add()
                            return outcome
                        }
                    }
                    // The server thinks until every tap has either been answered or reached it.
                    await waitUntil(timeLimit: .seconds(10)) {
                        answered.value + (world.serverCalls.count - callsBefore) >= rewards.count
                    }
                    hold.release()
                    var outcomes: [Int: RedeemOutcome] = [:]
                    for (index, tap) in taps.enumerated() { outcomes[index] = await tap.value }
                    let tapsTold = "\(rewards.count) quick taps"
                    let calls = Array(world.serverCalls.dropFirst(callsBefore))
                    if calls.count > 1 {
                        guard case .voucher = serverReply else {
                            // Taps taken one after the other: each failed, so the next may try.
                            let failed =
                                calls.count == rewards.count && outcomes.values.allSatisfy { $0 == .serviceUnavailable }
                            let events = Array(world.trackedEvents.dropFirst(eventsBefore))
                            if !failed || events.map(\.name) != Array(repeating: "redeem_failed", count: rewards.count)
                            {
                                return
                                    "at step \(number), \(tapsTold) reached a server that did not confirm \(calls.count) "
                                    + "times; a tap that reaches it should say .serviceUnavailable and send redeem_failed, "
                                    + "and the taps said \(outcomes.values.map { "\($0)" }) and sent \(events.map(\.name))."
                            }
                            continue
                        }
                        return
                            "at step \(number), \(tapsTold) reached the server \(calls.count) times (\(calls.map(\.rewardID))), "
                            + "which issued as many vouchers: quick taps redeem at most once, so every tap after the "
                            + "first must be turned away before it asks."
                    }
                    // The tap the server heard, if any, is the one that goes through; the others are turned away.
                    var through = calls.first.flatMap { call in rewards.firstIndex { $0.id == call.rewardID } } ?? 0
                    let expected = Self.apply(
                        rewards[through], reply: serverReply, to: &model, member: member, now: world.now)
                    // Taps of one reward: any task may run first, so the one that went through is the one
                    // whose outcome is the rules' answer.
                    if outcomes[through] != expected.outcome,
                        let answered = rewards.indices.first(where: {
                            rewards[$0] == rewards[through] && outcomes[$0] == expected.outcome
                        })
                    {
                        through = answered
                    }
                    if outcomes[through] != expected.outcome {
                        return
                            "at step \(number), of \(tapsTold), the one the server heard (\(rewards[through].name)) said "
                            + "\(outcomes[through].map { "\($0)" } ?? "nothing") where the rules say \(expected.outcome)."
                    }
                    let others = rewards.indices.filter { $0 != through }
                    if others.contains(where: { if case .redeemed = outcomes[$0] { true } else { false } }) {
                        return
                            "at step \(number), more than one of \(tapsTold) redeemed (\(rewards.map(\.name))): one reward "
                            + "a day, also when later taps come while the server thinks about the first."
                    }
                    let events = Array(world.trackedEvents.dropFirst(eventsBefore))
                    if let wrong = Self.eventProblem(
                        events, expected: [expected.event] + others.map { _ in ExpectedEvent.refusedForAnyReason },
                        reward: [rewards[through]] + others.map { rewards[$0] })
                    {
                        return "at step \(number), \(tapsTold): \(wrong)"
                    }
                }
                let stars = world.stars(of: member.id)
                if stars != model.stars {
                    return "after step \(number), the member has \(stars) stars where the rules leave \(model.stars)."
                }
                let kept = world.redemptions(of: member.id).count
                if kept != model.redemptionDays.count {
                    return "after step \(number), the store keeps \(kept) redemption(s) where the rules keep "
                        + "\(model.redemptionDays.count): a redemption counts only once the server issued its voucher."
                }
            }
            return nil
        }
    }

    enum ExpectedEvent: Equatable {
        case named(String, reason: String?)
        case refusedForAnyReason
    }

    /// Applies one tap that reaches `reply` to the model; returns what the tap must say and send.
    static func apply(
        _ reward: Reward, reply: FakeWorld.ServerReply, to model: inout Model, member: Member, now: Date
    ) -> (outcome: RedeemOutcome, event: ExpectedEvent) {
        let verdict = model.verdict(for: reward, by: member, at: now)
        if let refusal = verdict.refusal { return (refusal, .named("redeem_refused", reason: verdict.reason)) }
        switch reply {
        case .voucher(let code):
            model.stars -= verdict.cost
            model.redemptionDays.append(Model.day(now))
            return (.redeemed(Voucher(code: code, rewardID: reward.id)), .named("reward_redeemed", reason: nil))
        case .failure, .refusal:
            return (.serviceUnavailable, .named("redeem_failed", reason: nil))
        }
    }

    /// What is wrong with `events`, sent by taps of `rewards`, or `nil`: one event per tap, each the
    /// expected one, in any order.
    static func eventProblem(_ events: [AnalyticsEvent], expected: [ExpectedEvent], reward: [Reward]) -> String? {
        let told = events.map { event in
            event.name + (event.properties["reason"].map { " (\($0))" } ?? "")
        }
        guard events.count == expected.count else {
            return "\(expected.count == 1 ? "the tap" : "the taps") sent \(events.count) event(s) "
                + "(\(told.isEmpty ? "none" : told.joined(separator: ", "))): every tap sends exactly one."
        }
        var unmatched = events
        for (index, wanted) in expected.enumerated() {
            let match = unmatched.firstIndex { event in
                guard event.properties["reward"] == reward[index].id else { return false }
                switch wanted {
                case .named(let name, let reason):
                    return event.name == name && (reason == nil || event.properties["reason"] == reason)
                case .refusedForAnyReason: return event.name == "redeem_refused"
                }
            }
            guard let match else {
                let what: String
                switch wanted {
                case .named(let name, let reason): what = name + (reason.map { " (\($0))" } ?? "")
                case .refusedForAnyReason: what = "redeem_refused"
                }
                return
                    "the events were \(told.joined(separator: ", ")) where \(what) for \(reward[index].name) was due."
            }
            unmatched.remove(at: match)
        }
        return nil
    }

    static func moved(_ date: Date, _ move: Move) -> Date {
        let calendar = Shop.calendar
        let startOfDay = calendar.startOfDay(for: date)
        let nextDay = calendar.date(byAdding: .day, value: 1, to: startOfDay) ?? date
        switch move {
        case .minute: return date.addingTimeInterval(60)
        case .hour: return date.addingTimeInterval(3600)
        case .toJustBeforeMidnight: return max(date, nextDay.addingTimeInterval(-60))
        case .toMidnight: return nextDay
        case .toNextMorning: return nextDay.addingTimeInterval(8 * 3600)
        case .dayAndAnHour: return date.addingTimeInterval(25 * 3600)
        }
    }

    var smaller: [ShopDay] {
        Shrink.sequence(steps) { step in
            switch step {
            case .quickTaps(let rewards, let reply) where rewards.count > 2:
                [.quickTaps(Array(rewards.prefix(2)), reply)]
            case .quickTaps(let rewards, let reply) where Set(rewards.map(\.id)).count > 1:
                [.quickTaps(rewards.map { _ in rewards[0] }, reply)]
            case .tap(let reward, let reply) where reply != .voucher: [.tap(reward, .voucher)]
            default: []
            }
        }.map { ShopDay(member: member, stars: stars, treatOn: treatOn, start: start, steps: $0) }
    }

    var told: String {
        var lines: [String] = []
        var now = start
        func price(_ reward: Reward) -> String { "\(reward.name) (\(reward.cost) stars)" }
        func replied(_ reply: Reply) -> String {
            switch reply {
            case .voucher: "the server issues a voucher"
            case .failure: "the server cannot be reached"
            case .refusal: "the server declines"
            }
        }
        for step in steps {
            switch step {
            case .tap(let reward, let reply):
                lines.append("\(member.name) taps Redeem on a \(price(reward)); \(replied(reply)).")
            case .quickTaps(let rewards, let reply):
                lines.append(
                    "\(member.name) taps Redeem on "
                        + rewards.map { "a \(price($0))" }.joined(separator: ", then at once on ")
                        + ", while the server thinks; \(replied(reply)).")
            case .wait(let move):
                now = Self.moved(now, move)
                lines.append("Time passes: it is \(shopTime(now)) in the shop.")
            case .earn(let more): lines.append("\(member.name) earns \(more) stars.")
            case .signOut: lines.append("\(member.name) signs out.")
            case .signIn: lines.append("\(member.name) signs in again.")
            case .treat(let on): lines.append("The birthday treat is switched \(on ? "on" : "off").")
            }
        }
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        let birthday = "\(member.birthday.day) \(months[(member.birthday.month - 1) % 12])"
        return "\(member.name) (born on \(birthday)) is signed in with \(stars) stars; the birthday treat is "
            + "\(treatOn ? "on" : "off"); it is \(shopTime(start)) in the shop.\n" + numberedSteps(lines)
    }
}

/// A count that the taps add to from their own tasks.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .acquiring) }
    func add() { count.add(1, ordering: .releasing) }
}
