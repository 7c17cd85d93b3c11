/// The app's notice board, on the main actor with the screens that use it.
@MainActor
public final class MessageBoard {
    /// `nonisolated`: the one board is a constant, so any task may reach it without `await`;
    /// only its list belongs to the main actor.
    nonisolated public static let shared = MessageBoard()

    /// `nonisolated` so that `shared` can be built wherever it is first reached.
    nonisolated private init() {}

    /// Everything posted so far, oldest first. Other actors read it with `await`.
    public private(set) var messages: [String] = []

    /// Sends `text` on its way, then adds it to the board. Posts from background tasks hop to
    /// the main actor.
    public func post(_ text: String) async {
        await send(text)
        messages.append(text)
    }

    private func send(_ text: String) async {
        try? await Task.sleep(for: .milliseconds(20))
    }
}
