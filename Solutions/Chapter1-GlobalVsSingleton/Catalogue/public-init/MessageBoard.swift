import Synchronization

/// The app's notice board: the home screen posts messages to it and the settings screen lists
/// them. In an app this could be the in-app announcements every screen can see.
public final class MessageBoard: Sendable {
    public static let shared = MessageBoard()

    public init() {}

    private let storage = Mutex<[String]>([])

    /// Everything posted so far, oldest first.
    public var messages: [String] {
        get async { storage.withLock { $0 } }
    }

    /// Sends `text` on its way, then adds it to the board.
    public func post(_ text: String) async {
        await send(text)
        storage.withLock { $0.append(text) }
    }

    /// Delivering a message takes a moment. In an app this would be a round trip to a server.
    private func send(_ text: String) async {
        try? await Task.sleep(for: .milliseconds(20))
    }
}
