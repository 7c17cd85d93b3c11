/// A gate that holds the tasks that reach it until the test releases them: how a test stops code
/// at a chosen point (a fake server that "thinks", a store that has not answered yet) and chooses
/// what happens meanwhile.
///
/// It never holds for ever: after `patience`, a held task goes on by itself, so code that waits
/// for the wrong thing makes a test fail, never hang. `arrivals` tells how many have reached it.
public actor Gate {
    private let patience: Duration
    private var held: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextTicket = 0
    private var isOpen = false
    /// How many tasks have reached the gate so far, held or not.
    public private(set) var arrivals = 0

    public init(patience: Duration = .seconds(5)) {
        self.patience = patience
    }

    /// Waits here until the gate is released (or opened for good), or until patience runs out.
    public func pass() async {
        arrivals += 1
        if isOpen { return }
        let ticket = nextTicket
        nextTicket += 1
        let timer = Task { [patience] in
            guard (try? await Task.sleep(for: patience)) != nil else { return }
            self.letGo(ticket)
        }
        await withCheckedContinuation { held[ticket] = $0 }
        timer.cancel()
    }

    /// Lets every task that is held now go on; later arrivals are held again.
    public func release() {
        let everyone = held.values
        held = [:]
        for continuation in everyone { continuation.resume() }
    }

    /// Lets every task go on, now and from now on.
    public func open() {
        isOpen = true
        release()
    }

    /// Waits until `count` tasks have reached the gate, or `timeLimit` has passed; says whether they did.
    public func waitForArrivals(_ count: Int, timeLimit: Duration = .seconds(5)) async -> Bool {
        let deadline = ContinuousClock.now + timeLimit
        while arrivals < count {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }

    private func letGo(_ ticket: Int) {
        held.removeValue(forKey: ticket)?.resume()
    }
}
