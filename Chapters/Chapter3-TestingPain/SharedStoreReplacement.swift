import Synchronization

// TODO: Step 3. This seam is for tests, yet a release build of the app has it too, so shipping code
// could swap the app's store. Compile it into debug builds only.
extension UserStorage {
    /// Runs `body` with `replacement` in place of `UserStorage.shared`, then puts the original
    /// back, also when `body` throws. Inside the scope, `UserStorage.shared` is `replacement`
    /// itself.
    ///
    /// Only one scope runs at a time in the whole process: a scope that starts while another
    /// is running waits until that one has ended. Do not start a scope inside another one: the
    /// inner one would wait for the outer one forever.
    ///
    /// Debug builds only, for tests.
    public static func replacingShared<Outcome>(
        with replacement: UserStorage,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Outcome
    ) async rethrows -> Outcome {
        // TODO: Step 2. Nothing is replaced yet: the body runs against the app's real store. Put
        // `replacement` in place of the shared store for the body, and put the original back
        // afterwards however the body ends.
        // TODO: Step 4. Swift Testing runs tests in parallel, so two tests can be inside a scope
        // at the same moment and swap each other's store away. Hold `oneScopeAtATime` for the
        // whole scope, `await`s included.
        return try await body()
    }

    /// Held for the whole of a scope, `await`s included. Ready to use.
    private static let oneScopeAtATime = ScopeGate()
}

/// Lets one task at a time through, for as long as it likes, `await`s included. Ready to use.
///
/// A `Mutex` cannot do that, because it must be released before any `await`. Neither can an actor,
/// because it lets other calls in while one of its methods is suspended.
final class ScopeGate: Sendable {
    private struct State {
        var isTaken = false
        /// Tasks waiting for their turn, first come first served.
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    init() {}

    /// Waits until the gate is free, then takes it.
    func enter() async {
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
    func leave() {
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
