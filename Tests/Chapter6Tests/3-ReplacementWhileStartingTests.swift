import Chapter6
import Synchronization
import Testing

@Suite("While a service starts, everything else the locator holds stays in place")
struct ReplacementWhileStartingTests {
    @Test("While a replacement starts, the service it replaces is still handed out, and other registrations stay")
    func othersStayWhileAServiceStarts() async throws {
        let locator = ServiceLocator()
        let firstProvider = FakeUserProvider(user: .ada)
        let secondProvider = FakeUserProvider(user: .grace)
        let firstTracker = Tracker()
        let secondTracker = Tracker()
        await locator.register((any UserProviding).self) { firstProvider }
        await locator.register((any ParcelTracking).self) { firstTracker }

        // The new provider takes its time to start: until the test opens the gate.
        let gate = StartGate()
        async let replacing: Void = locator.register((any UserProviding).self) {
            await gate.passWhenOpen()
            return secondProvider
        }
        try await gate.untilSomeoneWaits()

        let duringTheStart = try? await locator.resolve((any UserProviding).self)
        await locator.register((any ParcelTracking).self) { secondTracker }
        gate.open()
        await replacing

        #expect(
            duringTheStart as? FakeUserProvider === firstProvider,
            """
            While the new user provider was starting, asking for `any UserProviding` \
            \(duringTheStart == nil ? "threw" : "gave something else") instead of handing out the provider \
            already registered. A replacement takes effect when its service has started; until then the \
            old one is still there (do not clear the slot before the `await`).
            """)
        let trackerAfter = try? await locator.resolve((any ParcelTracking).self)
        #expect(
            trackerAfter as? Tracker === secondTracker,
            """
            While one service was starting, another (`ParcelTracking`) was registered anew; once the \
            first had started, the locator handed out the old tracker again. A registration must write \
            only its own entry, after its last `await`: putting back a copy of the table taken before \
            the `await` undoes what other registrations did meanwhile.
            """)
        let providerAfter = try? await locator.resolve((any UserProviding).self)
        #expect(
            providerAfter as? FakeUserProvider === secondProvider,
            "Once the new user provider has started, the locator should hand it out.")
    }
}

/// A parcel tracker with nothing in it: only its identity matters here.
final class Tracker: ParcelTracking {}

/// Holds a service's start until the test opens it. Waits for someone to arrive at most five
/// seconds, so that a locator that never starts the service cannot hang the test.
final class StartGate: Sendable {
    private let state = Mutex((someoneWaits: false, isOpen: false))

    func passWhenOpen() async {
        state.withLock { $0.someoneWaits = true }
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(5)
        while !state.withLock({ $0.isOpen }), clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    func untilSomeoneWaits() async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(5)
        while !state.withLock({ $0.someoneWaits }), clock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }
        try #require(
            state.withLock { $0.someoneWaits },
            "The locator never started the service it was asked to register (its start closure never ran).")
    }

    func open() {
        state.withLock { $0.isOpen = true }
    }
}
