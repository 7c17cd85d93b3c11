/// A meeting point for tasks: each one `arrive`s, and `waitForEveryone` returns once `expected`
/// of them have. It forces an interleaving that would otherwise happen only by chance (every
/// registration under way before the first one finishes), so a test about tasks running at the
/// same time gives the same verdict on every run.
///
/// It never waits for ever: once `patience` has passed, the waiting tasks go on, and so does every
/// later one. That matters for a design that does the work one task at a time: it is slower
/// there, never stuck.
actor Gathering {
    private let expected: Int
    private let patience: Duration
    private var arrived = 0
    /// Until it opens, nobody waits (a start that happens before the rush, say).
    private var isOpen: Bool
    private var gaveUp = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var timer: Task<Void, Never>?

    init(expecting expected: Int, opensAtOnce: Bool = true, patience: Duration = .seconds(2)) {
        self.expected = expected
        self.patience = patience
        isOpen = opensAtOnce
    }

    func open() {
        isOpen = true
    }

    /// Counts one more arrival, and lets everyone go once all are here.
    func arrive() {
        arrived += 1
        if arrived >= expected { release() }
    }

    /// Waits until everyone has arrived, or until patience runs out. Returns at once while the
    /// gathering is not open.
    func waitForEveryone() async {
        guard isOpen, arrived < expected, !gaveUp else { return }
        if timer == nil {
            timer = Task { [patience] in
                // Cancelled when everyone arrives in time: then there is nothing to give up on.
                guard (try? await Task.sleep(for: patience)) != nil else { return }
                self.giveUp()
            }
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func giveUp() {
        gaveUp = true
        release()
    }

    private func release() {
        timer?.cancel()
        let everyone = waiting
        waiting = []
        for continuation in everyone { continuation.resume() }
    }
}
