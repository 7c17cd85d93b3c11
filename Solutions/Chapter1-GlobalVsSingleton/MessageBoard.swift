import Synchronization

/// The app's notice board (in an app, announcements every screen sees). `nonisolated`: any task may
/// use it, also in an app target whose default isolation is MainActor, where its `Mutex` would be moot.
public nonisolated final class MessageBoard: Sendable {
    /// The one board of the app. A `static let` is created lazily, on first use, exactly once,
    /// even when many threads reach it at the same moment: no hand-written "if nil, create" needed.
    public static let shared = MessageBoard()

    /// Private, so that outside this type nobody can make a second board.
    private init() {}

    /// The messages, behind a lock: every task in the app can reach the board at once.
    private let storage = Mutex<[String]>([])

    /// Everything posted so far, oldest first.
    public var messages: [String] {
        get async { storage.withLock { $0 } }
    }

    /// Sends `text` on its way, then adds it to the board.
    public func post(_ text: String) async {
        // The slow part comes first and touches no state. A lock cannot be held across `await`,
        // and reading the list before it would let other posts slip in between.
        await send(text)
        // Reading, appending and storing happen in one locked step.
        storage.withLock { $0.append(text) }
    }

    /// Delivering a message takes a moment. In an app this would be a round trip to a server.
    private func send(_ text: String) async {
        try? await Task.sleep(for: .milliseconds(20))
    }
}
