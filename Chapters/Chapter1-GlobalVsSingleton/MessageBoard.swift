import Synchronization

/// The app's notice board (in an app, announcements every screen sees). `nonisolated`: any task may
/// use it, also in an app target whose default isolation is MainActor, where its `Mutex` would be moot.
public nonisolated final class MessageBoard: Sendable {
    // TODO: Step 1. Every access to `shared` makes a brand-new, empty board, so nobody really
    // shares anything. Make `shared` the one board the type owns: a stored `static let`.
    public static var shared: MessageBoard { MessageBoard() }

    // TODO: Step 2. Anyone, anywhere, can write `MessageBoard()` and get a second board.
    // Make that impossible everywhere but inside this type.
    public init() {}

    private let storage = Mutex<[String]>([])

    /// Every read and every write of the list takes the lock on its own.
    private var posted: [String] {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    /// Everything posted so far, oldest first.
    public var messages: [String] {
        get async { posted }
    }

    /// Sends `text` on its way, then adds it to the board.
    public func post(_ text: String) async {
        // TODO: Step 4. Each access to `posted` is locked, yet posts get lost when many tasks
        // post at once: another task can post between the read and the write below. Send first,
        // then make adding the message one step that nothing can get in between.
        var board = posted
        await send(text)
        board.append(text)
        posted = board
    }

    /// Delivering a message takes a moment. In an app this would be a round trip to a server.
    private func send(_ text: String) async {
        try? await Task.sleep(for: .milliseconds(20))
    }
}

// TODO: Step 3. A global constant is visible everywhere in the module, but it does not stop
// anyone from making a second board. Once `MessageBoard.shared` is the one board, remove this
// and let the screens use the singleton.
let messageBoard = MessageBoard()
