import Chapter8
import Foundation
import Testing
import WorkbookSupport

@testable import Chapter8TestDoubles

// Helpers the chapter's tests share. No tests in this file.

// MARK: - The live services a test must never reach

/// A live service of the app, as the workbook's tripwire names it when it is touched (see
/// `Tripwire.swift` in the chapter). Numbered by the lesson's step that hands the screen a fake
/// in its place.
enum LiveService: Int, CaseIterable, Comparable {
    case session = 1
    case store = 2
    case clock = 3
    case rewardsServer = 5
    case analytics = 6

    /// The services a test of step `step` insists on: that step's, and those of the steps before.
    static func upToStep(_ step: Int) -> [LiveService] {
        allCases.filter { $0.rawValue <= step }
    }

    static func < (lhs: LiveService, rhs: LiveService) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The service a tripwire touch stands for.
    init?(touch: String) {
        switch touch {
        case "UserSession.shared": self = .session
        case "LoyaltyStore.shared": self = .store
        case "Current.now": self = .clock
        case "RewardsAPI.shared": self = .rewardsServer
        case "Analytics.shared", "Analytics": self = .analytics
        default: return nil
        }
    }

    /// What a learner reads when a test reached this live service: short, because the runner
    /// shows the beginning of a message, and the cure first.
    func explanation(touch: String) -> String {
        switch self {
        case .session:
            return """
                It reached the live `UserSession.shared`. Hand the screen the world's session \
                (`world.currentMember`) in your harness, and let the screen ask only what it was given.
                """
        case .store:
            return """
                It reached the live `LoyaltyStore.shared`: in an app, real members' files. Hand the screen \
                the world's store (`world.stars(of:)` and the rest) in your harness; use it everywhere.
                """
        case .clock:
            return """
                It read the real clock (`Environment.live.now`). Hand the screen the world's clock \
                (`world.now`) in your harness; if it stays in `Current`, bind it for the test's task only.
                """
        case .rewardsServer:
            return """
                It reached the live `RewardsAPI.shared`: in an app, a request to the real server. Hand the \
                screen the world's server (`world.confirmRedemption(of:by:)`) in your harness.
                """
        case .analytics where touch == "Analytics":
            return """
                A real `Analytics` did its real work: an event in the real dashboard. A subclass standing \
                in for the SDK must override `track(_:properties:)` and not call `super`.
                """
        case .analytics:
            return """
                It reached the live `Analytics.shared`: a test's event in the real dashboard. Hand the \
                screen the world's analytics (`world.track(_:properties:)`) in your harness; use it everywhere.
                """
        }
    }
}

/// Stops the test when `tripwire` saw any of `services` touched, with one issue that names each of
/// them, in the order of the lesson's steps: until the screen runs on the fake world, nothing else
/// a test could say about it would be true.
func requireUntouched(
    _ services: [LiveService], by tripwire: Tripwire, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    var reached: [(touch: String, service: LiveService)] = []
    for touch in tripwire.touched {
        guard let service = LiveService(touch: touch), services.contains(service),
            !reached.contains(where: { $0.touch == touch })
        else { continue }
        reached.append((touch, service))
    }
    reached.sort { $0.service < $1.service }
    let explanations = reached.map { $0.service.explanation(touch: $0.touch) }
    let noLiveServiceReached = reached.isEmpty
    try #require(
        noLiveServiceReached,
        Comment(
            rawValue: "The screen reached the app's live services, which a test must never do.\n"
                + explanations.joined(separator: "\n")
                + "\n(Your harness is `withFeature(in:_:)`, in `TestDoubles/Harness.swift`.)"),
        sourceLocation: sourceLocation)
}

// MARK: - Running the screen in a fake world

/// Runs `body` with the screen your harness builds on `world`, while the tripwire is set, then
/// stops the test if the screen reached any of `services` live.
@MainActor
func withScreen<Value>(
    in world: FakeWorld,
    insistingOn services: [LiveService] = LiveService.allCases,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (RedeemScreen) async throws -> Value
) async throws -> Value {
    let tripwire = Tripwire()
    let value = try await Tripwire.$current.withValue(tripwire) {
        try await withFeature(in: world, body)
    }
    try requireUntouched(services, by: tripwire, sourceLocation: sourceLocation)
    return value
}

/// Taps "Redeem" for `reward` on `screen`, and returns once `world`'s server has been asked, or
/// the tap was answered without asking it (then there is nothing to wait for), or ten seconds have
/// passed: the moment a test may change the world while the server thinks. The tap goes on; its
/// task's value is the outcome.
@MainActor
func tapUntilTheServerIsAsked(
    _ reward: Reward, on screen: RedeemScreen, in world: FakeWorld
) async -> Task<RedeemOutcome, Never> {
    let callsBefore = world.serverCalls.count
    let answered = Flag()
    let tap = Task { @MainActor in
        let outcome = await screen.redeem(reward)
        answered.raise()
        return outcome
    }
    // Long, for a busy machine: a screen that asks the server gets there well before it.
    await waitUntil(timeLimit: .seconds(10)) { world.serverCalls.count > callsBefore || answered.isRaised }
    return tap
}

/// Two taps on "Redeem" for `reward` at the same moment, on the screen your harness builds on
/// `world`, while its server thinks: it holds its replies until one tap has finished (the one
/// turned away) or both have reached it, then may answer. The outcomes in the order the taps
/// finished.
///
/// The hold ends on what the taps do, not on a clock, so a busy machine gives the same verdict:
/// its patience (ten seconds) only keeps a screen that never gets there from hanging the test.
@MainActor
func twoTapsWhileTheServerThinks(
    _ reward: Reward, in world: FakeWorld,
    insistingOn services: [LiveService] = LiveService.allCases,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> [RedeemOutcome] {
    let hold = world.holdServerReplies(patience: .seconds(10))
    let callsBefore = world.serverCalls.count
    return try await withScreen(in: world, insistingOn: services, sourceLocation: sourceLocation) { screen in
        await withTaskGroup(of: RedeemOutcome.self) { taps in
            let finished = Counter()
            for _ in 1...2 {
                taps.addTask {
                    let outcome = await screen.redeem(reward)
                    finished.add()
                    return outcome
                }
            }
            await waitUntil(timeLimit: .seconds(10)) {
                finished.value >= 1 || world.serverCalls.count - callsBefore >= 2
            }
            hold.release()
            var outcomes: [RedeemOutcome] = []
            for await outcome in taps { outcomes.append(outcome) }
            return outcomes
        }
    }
}

/// One tap on "Redeem" for `reward`, on the screen your harness builds on `world`.
@MainActor
func redeem(
    _ reward: Reward, in world: FakeWorld,
    insistingOn services: [LiveService] = LiveService.allCases,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> RedeemOutcome {
    try await withScreen(in: world, insistingOn: services, sourceLocation: sourceLocation) { screen in
        await screen.redeem(reward)
    }
}

// MARK: - The cast

extension Member {
    /// Born on 10 December.
    static let ada = Member(id: "ada", name: "Ada", birthday: Birthday(month: 12, day: 10))
    /// Born on 29 February, a day most years do not have.
    static let leo = Member(id: "leo", name: "Leo", birthday: Birthday(month: 2, day: 29))
}

extension Reward {
    static let latte = Reward(id: "latte", name: "Caffè latte", cost: 150)
}

extension Date {
    /// The moment the shop's clock shows this date and time, in the shop's time zone (Honolulu).
    static func shop(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        // A Gregorian calendar makes a date of any such components; the fallback is never used.
        return Shop.calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
    }

    /// Tuesday 11 March 2031, 09:00 in the shop: no one's birthday, not near midnight.
    static let aTuesdayMorning = Date.shop(2031, 3, 11, 9)
}

/// How the shop's clock shows `date`, for messages: "2031-03-11 09:00".
func shopTime(_ date: Date) -> String {
    let parts = Shop.calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    func two(_ number: Int?) -> String { String(format: "%02d", number ?? 0) }
    return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
}
