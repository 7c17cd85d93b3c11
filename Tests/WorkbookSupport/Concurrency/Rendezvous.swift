/// A meeting point: tasks that arrive wait until `expected` of them are there, then all go on
/// together. It forces an interleaving that would otherwise happen only by chance, so a test about
/// tasks running at the same time gives the same verdict on every run.
///
/// It never waits for ever: once `patience` has passed with nobody new arriving (`waitForQuiet`),
/// the waiting tasks go on and later arrivals of the round do not wait at all. That matters when
/// fewer tasks arrive than expected (code under test that never runs the operation it was given,
/// or a test library that runs fewer tests at once, with `--no-parallel`). Patience counts from
/// the latest arrival, not the first: on a busy machine the others may take a while to come, and
/// while they keep coming the meeting goes on waiting, so the interleaving it forces does not
/// depend on load. After `expected` arrivals it is ready for a new round, so a test that runs
/// again in the same process meets again.
///
/// An actor rather than a lock: Thread Sanitizer understands the concurrency runtime, and on Linux
/// it does not see the synchronisation inside `Mutex`.
public actor Rendezvous {
    private let expected: Int
    private let patience: Duration
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// Patience ran out: nobody waits for the rest of this round.
    private var gaveUp = false
    /// Every arrival, across rounds: how the timer tells whether anyone is still coming.
    private var arrivals = 0
    private var timer: Task<Void, Never>?

    public init(expecting expected: Int, patience: Duration = .seconds(2)) {
        self.expected = expected
        self.patience = patience
    }

    /// Waits until `expected` tasks have arrived, or until patience runs out.
    public func arrive() async {
        arrived += 1
        arrivals += 1
        if arrived >= expected {
            // Everyone is here: let them all go and start a new round.
            let everyone = waiting
            timer?.cancel()
            (arrived, waiting, gaveUp, timer) = (0, [], false, nil)
            for continuation in everyone { continuation.resume() }
            return
        }
        if gaveUp { return }
        if timer == nil {
            timer = Task {
                // Cancelled when everyone arrives: then there is nothing to give up on.
                guard await waitForQuiet(patience, arrivals: { arrivals }) == false, !Task.isCancelled else { return }
                giveUp()
            }
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func giveUp() {
        gaveUp = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}
