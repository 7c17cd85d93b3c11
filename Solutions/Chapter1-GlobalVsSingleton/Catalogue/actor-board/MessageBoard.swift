/// The app's notice board, as an actor: the actor guards the list, and callers `await` it.
public actor MessageBoard {
    public static let shared = MessageBoard()

    private init() {}

    /// Everything posted so far, oldest first.
    public private(set) var messages: [String] = []

    /// Sends `text` on its way, then adds it to the board. No `await` between reading and
    /// writing the list: an actor lets other calls in while one of its methods is suspended.
    public func post(_ text: String) async {
        await send(text)
        messages.append(text)
    }

    private func send(_ text: String) async {
        try? await Task.sleep(for: .milliseconds(20))
    }
}
