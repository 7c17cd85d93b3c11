import Synchronization

/// A starting line for a pair of tasks: each waits in `arriveAndWait` until the other is there too,
/// and then until the other is *running* at the same moment, which can only be on another thread.
/// Then the first goes on at once and the second a moment later (`stagger`), each from where it was.
///
/// Unlike `Rendezvous`, no actor stands between the tasks and their next step, and every wait is a
/// spin, on relaxed atomics or on the clock, which orders nothing. So whatever the two do next
/// happens on two threads, ordered by nothing but the code they run: Thread Sanitizer sees it
/// whenever they touch the same memory unprotected, on every run. (A thousand tasks that merely
/// run at about the same time are not enough: the concurrency runtime's own hand-overs between its
/// threads order their accesses now and then, and Thread Sanitizer misses the race.) The stagger
/// keeps the two from the very same instant, where Thread Sanitizer can miss them too (each checks
/// before the other is recorded) and two unprotected writes can break a table before it has said
/// why. It never waits long: the arrival gives up after `patience`, the spin after half a second.
public final class StartingLine: Sendable {
    private struct State {
        var arrived = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
        var isReleased = false
        var timer: Task<Void, Never>?
    }

    private let expected = 2
    private let patience: Duration
    private let state = Mutex(State())
    /// Tickets for pairing up, and whether pairing was given up. Relaxed atomics on purpose: they
    /// must not order what the partners do next, or Thread Sanitizer would not see it as a race.
    private let tickets = Atomic<Int>(0)
    private let pairingGaveUp = Atomic<Bool>(false)

    private let stagger: Duration

    public init(patience: Duration = .seconds(2), stagger: Duration = .milliseconds(1)) {
        self.patience = patience
        self.stagger = stagger
    }

    public func arriveAndWait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (ready, isFirst) = state.withLock { state -> ([CheckedContinuation<Void, Never>], Bool) in
                if state.isReleased { return ([continuation], false) }
                state.arrived += 1
                state.waiting.append(continuation)
                guard state.arrived >= expected else { return ([], state.arrived == 1) }
                return (release(&state), false)
            }
            if isFirst { startTimer() }
            for waiting in ready { waiting.resume() }
        }
        waitForAPartner()
    }

    /// Spins until another task has taken the other ticket of this pair, or for at most half a
    /// second. Two tasks that spin at the same moment run on two threads. The one with the pair's
    /// second ticket then spins on for `stagger`.
    private func waitForAPartner() {
        guard !pairingGaveUp.load(ordering: .relaxed) else { return }
        let ticket = tickets.wrappingAdd(1, ordering: .relaxed).oldValue
        let pairComplete = ticket / 2 * 2 + 2
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(500))
        while tickets.load(ordering: .relaxed) < pairComplete {
            if clock.now > deadline || pairingGaveUp.load(ordering: .relaxed) {
                pairingGaveUp.store(true, ordering: .relaxed)
                return
            }
        }
        if ticket % 2 == 1 {
            let goOn = clock.now.advanced(by: stagger)
            while clock.now < goOn {}
        }
    }

    private func startTimer() {
        let timer = Task { [patience] in
            // Cancelled when everyone arrives in time: then there is nothing to give up on.
            guard (try? await Task.sleep(for: patience)) != nil else { return }
            let ready = self.state.withLock { self.release(&$0) }
            for waiting in ready { waiting.resume() }
        }
        let isReleased = state.withLock { state in
            state.timer = timer
            return state.isReleased
        }
        if isReleased { timer.cancel() }
    }

    /// Lets everyone go from now on, and hands back those who wait, to be resumed outside the lock.
    private func release(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        state.isReleased = true
        state.timer?.cancel()
        let ready = state.waiting
        state.waiting = []
        return ready
    }
}
