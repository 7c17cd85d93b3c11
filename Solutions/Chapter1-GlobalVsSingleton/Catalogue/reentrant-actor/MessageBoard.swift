/// The app's notice board, as an actor.
public actor MessageBoard {
    public static let shared = MessageBoard()

    private init() {}

    /// Everything posted so far, oldest first.
    public private(set) var messages: [String] = []

    /// Reads the list, sends, then stores the list with the new message. An actor runs one call
    /// at a time, so this looks safe.
    public func post(_ text: String) async {
        var board = messages
        await send(text)
        board.append(text)
        messages = board
    }

    private func send(_ text: String) async {
        try? await Task.sleep(for: .milliseconds(20))
    }
}
