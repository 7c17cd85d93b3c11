import Synchronization

/// The app's notice board.
public final class MessageBoard: Sendable {
    /// The one board, built by a closure that runs once, on first use: still a stored `let`.
    public static let shared: MessageBoard = {
        let board = MessageBoard()
        return board
    }()

    private init() {}

    private let storage = Mutex<[String]>([])

    /// Everything posted so far, oldest first.
    public var messages: [String] {
        get async { storage.withLock { $0 } }
    }

    /// Sends `text` on its way, then appends it, reading and writing the list in one locked step.
    public func post(_ text: String) async {
        await send(text)
        storage.withLock { list in
            list += [text]
        }
    }

    private func send(_ text: String) async {
        try? await Task.sleep(for: .milliseconds(20))
    }
}
