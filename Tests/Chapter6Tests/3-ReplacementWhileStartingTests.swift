import Chapter6
import Synchronization
import Testing

@Suite("While a service starts, everything else the locator holds stays in place")
struct ReplacementWhileStartingTests {
    @Test("While a replacement starts, a provider is still handed out, and other registrations stay")
    func othersStayWhileAServiceStarts() async throws {
        let locator = ServiceLocator()
        let firstProvider = FakeUserProvider(user: .ada)
        let secondProvider = FakeUserProvider(user: .grace)
        let firstTracker = Tracker()
        let secondTracker = Tracker()
        await locator.register((any UserProviding).self) { firstProvider }
        await locator.register((any ParcelTracking).self) { firstTracker }

        // The new provider takes its time to start: until the test opens the gate. A locator may
        // start it inside `register` or at the first request; either way the test waits for the start.
        let gate = StartGate()
        let registration = gate.register(secondProvider, in: locator)
        let startsWhenAsked = try await gate.untilSomeoneWaitsOrRegistrationReturns()

        // A request while the new provider starts: it may get the old provider at once, or wait for
        // the new one, but a provider is registered all along, so it must get one.
        async let duringTheStart = try? locator.resolve((any UserProviding).self)
        if startsWhenAsked { try await gate.untilSomeoneWaits() }
        await locator.register((any ParcelTracking).self) { secondTracker }
        try await Task.sleep(for: .milliseconds(20))
        gate.open()
        await registration.value
        let handedOut = await duringTheStart

        #expect(
            handedOut as? FakeUserProvider === firstProvider || handedOut as? FakeUserProvider === secondProvider,
            """
            While a new user provider was starting, asking for `any UserProviding` \
            \(handedOut == nil ? "threw" : "gave something else than either provider"), though a provider \
            was registered all along. Keep the old service in place until the new one has started (do not \
            clear the slot before the `await`), or let requests wait for the one that is starting.
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

        // Two registrations of the same type that overlap: the later one is made while the earlier
        // one starts, and it also finishes starting later. By either reading of "latest" (the later
        // call, or the later start), it is the one to hand out.
        let earlierProvider = FakeUserProvider(user: .ada)
        let laterProvider = FakeUserProvider(user: .grace)
        let earlierGate = StartGate()
        let laterGate = StartGate()
        let earlier = earlierGate.register(earlierProvider, in: locator)
        _ = try await earlierGate.untilSomeoneWaitsOrRegistrationReturns()
        let later = laterGate.register(laterProvider, in: locator)
        // A locator may start the later service now, return at once, or make it wait for the
        // earlier start: give it a moment to do the first two, then let the earlier start finish.
        await laterGate.briefly(untilSomeoneWaitsOrRegistrationReturns: .seconds(2))
        earlierGate.open()
        await earlier.value
        laterGate.open()
        await later.value
        let latest = try? await locator.resolve((any UserProviding).self)
        #expect(
            latest as? FakeUserProvider === laterProvider,
            """
            Two registrations of `any UserProviding` overlapped: the second was made while the first was \
            still starting, and it finished starting last. Yet the locator hands out \
            \(latest as? FakeUserProvider === earlierProvider ? "the first" : latest == nil ? "nothing" : "another provider"). \
            The latest registration wins, also when it arrives while another of the same type starts: do \
            not drop it, and do not let the earlier one overwrite it.
            """)
    }
}

/// A parcel tracker with nothing in it: only its identity matters here.
final class Tracker: ParcelTracking {}

/// Holds a service's start until the test opens it. Waits for someone to arrive at most five
/// seconds, so that a locator that never starts the service cannot hang the test.
final class StartGate: Sendable {
    private let state = Mutex((someoneWaits: false, isOpen: false, registrationReturned: false))

    /// Registers `provider` as `any UserProviding` in `locator`, in a task of its own, with its start
    /// held at this gate; the gate learns when `register` returns.
    func register(_ provider: FakeUserProvider, in locator: ServiceLocator) -> Task<Void, Never> {
        Task {
            await locator.register((any UserProviding).self) {
                await self.passWhenOpen()
                return provider
            }
            self.registrationReturned()
        }
    }

    func passWhenOpen() async {
        state.withLock { $0.someoneWaits = true }
        await poll(until: { state.withLock { $0.isOpen } })
    }

    func registrationReturned() {
        state.withLock { $0.registrationReturned = true }
    }

    /// Waits until the service starts or `register` returns without starting it (a locator that
    /// starts services at the first request). Returns whether the start is still to come.
    func untilSomeoneWaitsOrRegistrationReturns() async throws -> Bool {
        let started = await poll(until: { state.withLock { $0.someoneWaits || $0.registrationReturned } })
        guard started else {
            Issue.record("`register` neither started the service nor returned within five seconds.")
            return false
        }
        return !state.withLock { $0.someoneWaits }
    }

    /// Waits at most `limit` for the service to start or for `register` to return, and records
    /// nothing either way: a locator may also hold this start back until an earlier one has ended.
    func briefly(untilSomeoneWaitsOrRegistrationReturns limit: Duration) async {
        await poll(until: { state.withLock { $0.someoneWaits || $0.registrationReturned } }, for: limit)
    }

    func untilSomeoneWaits() async throws {
        try #require(
            await poll(until: { state.withLock { $0.someoneWaits } }),
            """
            The locator never started the service it was asked to register (its start closure ran \
            neither in `register` nor when the service was asked for).
            """)
    }

    /// Checks `condition` every millisecond until it holds or `limit` (five seconds) has passed;
    /// returns whether it held.
    @discardableResult
    private func poll(until condition: () -> Bool, for limit: Duration = .seconds(5)) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while !condition(), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        return condition()
    }

    func open() {
        state.withLock { $0.isOpen = true }
    }
}
