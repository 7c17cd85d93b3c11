import Chapter8
import Foundation
import Synchronization

// Given: leave this file as it is. It is test code, compiled into `Chapter8TestDoubles` with your
// harness, never into the app.

/// The world a test describes, in plain values: who is signed in, what time it is, which flags are
/// on, what the store holds, what the rewards server replies, and what analytics received. The
/// tests fill it in, run the screen your harness builds on it, and read it back.
///
/// It speaks the live services' language: each of its members has the name and the signature of
/// the call it stands in for (`currentMember` for `UserSession.shared.currentMember`,
/// `stars(of:)` for `LoyaltyStore.shared.stars(of:)`, and so on), so that whatever technique you
/// choose, handing the screen a piece of the world takes a line or two.
///
/// Every world is separate: two tests, each with its own world, share nothing, even when they run
/// at the same time. It is safe to use from any task.
nonisolated final class FakeWorld: Sendable {
    /// One call to the rewards server, as the fake server received it.
    struct ServerCall: Sendable, Hashable {
        var rewardID: String
        var memberID: String
    }

    /// What the fake rewards server answers.
    enum ServerReply: Sendable, Hashable {
        /// It confirms, and issues a voucher with this code.
        case voucher(code: String)
        /// It cannot be reached.
        case failure
        /// It answers, and declines: no voucher (`RewardsAPIError.refused`).
        case refusal
    }

    /// What the fake server throws for `.failure`.
    struct ServerUnreachable: Error {}

    private struct State {
        var currentMember: Member?
        var now: Date
        var flags: Set<FeatureFlag>
        var stars: [String: Int] = [:]
        var redemptions: [Redemption] = []
        var serverReply: ServerReply
        var serverCalls: [ServerCall] = []
        var hold: ServerHold?
        var trackedEvents: [AnalyticsEvent] = []
    }

    private let state: Mutex<State>

    /// The suites `withPreferences` has open, which follow the world's flags while they are. By
    /// name: every `UserDefaults` of a suite in the process shares its values.
    private let openSuites = Mutex<Set<String>>([])

    /// A world at the moment `now`, where `member` (if any) is signed in and has `stars`, the
    /// `flags` are on and the rewards server answers `serverReply`.
    init(
        now: Date, member: Member? = nil, stars: Int = 0, flags: Set<FeatureFlag> = [],
        serverReply: ServerReply = .voucher(code: "VOUCHER-1")
    ) {
        var initial = State(currentMember: member, now: now, flags: flags, serverReply: serverReply)
        if let member { initial.stars[member.id] = stars }
        state = Mutex(initial)
    }

    // MARK: - The session, as `UserSession.shared`

    /// The member signed in on this device, or `nil` when nobody is.
    var currentMember: Member? {
        get { state.withLock { $0.currentMember } }
        set { state.withLock { $0.currentMember = newValue } }
    }

    // MARK: - The clock, as `Current.now()`

    /// What time it is in this world. It stands still unless a test moves it.
    var now: Date {
        get { state.withLock { $0.now } }
        set { state.withLock { $0.now = newValue } }
    }

    // MARK: - The feature flags, as `UserDefaults.standard.bool(forKey: flag.rawValue)`

    /// Whether `flag` is switched on in this world.
    func isEnabled(_ flag: FeatureFlag) -> Bool {
        state.withLock { $0.flags.contains(flag) }
    }

    /// Switches `flag` on or off, also in the preferences `withPreferences` has open.
    func setEnabled(_ flag: FeatureFlag, _ isOn: Bool) {
        state.withLock { state in
            if isOn { state.flags.insert(flag) } else { state.flags.remove(flag) }
        }
        for suite in openSuites.withLock({ $0 }) {
            UserDefaults(suiteName: suite)?.set(isOn, forKey: flag.rawValue)
        }
    }

    /// For a harness that hands the screen a `UserDefaults` (Chapter 2's singleton plus): runs
    /// `body` with preferences of this call's own, which hold the world's flags, each under the key
    /// the app reads (`flag.rawValue`), and follow `setEnabled` while `body` runs. The preferences
    /// are deleted when `body` ends. They are never the standard user defaults, and nothing is written
    /// outside the system's temporary folder.
    func withPreferences<Value>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (UserDefaults) async throws -> Value
    ) async throws -> Value {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("chapter8-preferences-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // On Linux, a suite named by an absolute path keeps its file at that path; on macOS, suites
        // take names only, and the system keeps them in the user's preferences until removed.
        #if canImport(Darwin)
            let suite = "SingletonsWorkbook.Chapter8.\(UUID().uuidString)"
        #else
            let suite = folder.appendingPathComponent("preferences").path
        #endif
        guard let preferences = UserDefaults(suiteName: suite) else { throw PreferencesUnavailable(suite: suite) }
        defer { preferences.removePersistentDomain(forName: suite) }
        for flag in FeatureFlag.allCases {
            preferences.set(isEnabled(flag), forKey: flag.rawValue)
        }
        openSuites.withLock { _ = $0.insert(suite) }
        defer { _ = openSuites.withLock { $0.remove(suite) } }
        return try await body(preferences)
    }

    struct PreferencesUnavailable: Error, CustomStringConvertible {
        var suite: String
        var description: String { "UserDefaults(suiteName: \"\(suite)\") made no preferences" }
    }

    // MARK: - The store, as `LoyaltyStore.shared`

    /// How many stars the member has to spend.
    func stars(of memberID: String) -> Int {
        state.withLock { $0.stars[memberID] ?? 0 }
    }

    /// Sets the member's balance.
    func setStars(_ stars: Int, of memberID: String) {
        state.withLock { $0.stars[memberID] = stars }
    }

    /// Every reward the member has had, oldest first.
    func redemptions(of memberID: String) -> [Redemption] {
        state.withLock { $0.redemptions.filter { $0.memberID == memberID } }
    }

    /// Remembers a reward the member had.
    func record(_ redemption: Redemption) {
        state.withLock { $0.redemptions.append(redemption) }
    }

    /// Forgets a redemption, as if it had never been recorded.
    func cancel(_ redemption: Redemption) {
        state.withLock { state in
            if let index = state.redemptions.lastIndex(of: redemption) {
                state.redemptions.remove(at: index)
            }
        }
    }

    // MARK: - The rewards server, as `RewardsAPI.shared`

    /// What the server answers from now on.
    var serverReply: ServerReply {
        get { state.withLock { $0.serverReply } }
        set { state.withLock { $0.serverReply = newValue } }
    }

    /// Asks the fake server to confirm a redemption. It writes the call down, waits while its
    /// replies are held (see `holdServerReplies`), then answers `serverReply`.
    func confirmRedemption(of rewardID: String, by memberID: String) async throws -> Voucher {
        let hold = state.withLock { state in
            state.serverCalls.append(ServerCall(rewardID: rewardID, memberID: memberID))
            return state.hold
        }
        await hold?.wait()
        switch serverReply {
        case .voucher(let code): return Voucher(code: code, rewardID: rewardID)
        case .failure: throw ServerUnreachable()
        case .refusal: throw RewardsAPIError.refused
        }
    }

    /// Every call the server received, oldest first.
    var serverCalls: [ServerCall] {
        state.withLock { $0.serverCalls }
    }

    /// Makes the server keep its replies until the hold is released, or until `patience` has
    /// passed: a server that thinks slowly, so that a second tap can come in meanwhile.
    func holdServerReplies(patience: Duration = .seconds(1)) -> ServerHold {
        let hold = ServerHold(patience: patience)
        state.withLock { $0.hold = hold }
        return hold
    }

    // MARK: - Analytics, as `Analytics.shared`

    /// Receives an event.
    func track(_ name: String, properties: [String: String] = [:]) {
        state.withLock { $0.trackedEvents.append(AnalyticsEvent(name: name, properties: properties)) }
    }

    /// Every event received, oldest first.
    var trackedEvents: [AnalyticsEvent] {
        state.withLock { $0.trackedEvents }
    }
}

/// Keeps the fake server's replies back until `release()`, or until its patience runs out, so that
/// nothing ever waits for ever.
nonisolated final class ServerHold: Sendable {
    private let released = Mutex(false)
    private let patience: Duration

    init(patience: Duration) {
        self.patience = patience
    }

    /// Lets every held reply, and every later one, go.
    func release() {
        released.withLock { $0 = true }
    }

    func wait() async {
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        while !released.withLock({ $0 }), clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
        }
    }
}
