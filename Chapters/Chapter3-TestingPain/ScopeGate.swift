import Synchronization

/// Lets one task at a time run a piece of work, for as long as that work takes, `await`s included.
/// Ready to use: `try await gate.run { … }`.
///
/// A `Mutex` cannot do this, because its `withLock` takes a synchronous closure. Neither can an
/// actor, because it lets other calls in while one of its methods is suspended. `NSLock` and
/// `DispatchSemaphore` block a thread, and the few threads that run Swift's tasks must not block.
nonisolated final class ScopeGate: Sendable {
    private struct State {
        var isTaken = false
        /// Tasks waiting for their turn, first come first served.
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    init() {}

    /// Waits until no other task is running work through this gate, then runs `work`. The next
    /// task gets its turn when `work` ends, whether it returns or throws.
    ///
    /// Do not call `run` from inside `work`: the inner call would wait for the outer one forever.
    func run<Outcome>(
        isolation: isolated (any Actor)? = #isolation,
        _ work: () async throws -> Outcome
    ) async rethrows -> Outcome {
        await enter()
        defer { leave() }
        return try await work()
    }

    /// Waits until the gate is free, then takes it.
    private func enter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let takenAtOnce = state.withLock { state in
                if state.isTaken {
                    state.waiting.append(continuation)
                    return false
                }
                state.isTaken = true
                return true
            }
            if takenAtOnce { continuation.resume() }
        }
    }

    /// Frees the gate, or hands it straight to the task that has waited longest.
    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiting.isEmpty {
                state.isTaken = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
