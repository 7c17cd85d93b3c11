/// The app's notice board. The list is marked so that the compiler accepts the class as
/// `Sendable`; nothing guards it.
public final class MessageBoard: Sendable {
    public static let shared = MessageBoard()

    private init() {}

    nonisolated(unsafe) private var posted: [String] = []

    /// Everything posted so far, oldest first.
    public var messages: [String] {
        get async { posted }
    }

    /// Sends `text` on its way, then adds it to the board.
    public func post(_ text: String) async {
        await send(text)
        posted.append(text)
    }

    private func send(_ text: String) async {
        try? await Task.sleep(for: .milliseconds(20))
    }
}
