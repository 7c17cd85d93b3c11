import Foundation

/// The app's notice board, guarded by an `NSLock`. `@unchecked Sendable` is a promise the
/// compiler no longer checks: every access to `posted` must stay inside `lock`.
public final class MessageBoard: @unchecked Sendable {
    public static let shared = MessageBoard()

    private init() {}

    private let lock = NSLock()
    private var posted: [String] = []

    /// Everything posted so far, oldest first.
    public var messages: [String] {
        get async { lock.withLock { posted } }
    }

    /// Sends `text` on its way, then adds it to the board in one locked step.
    public func post(_ text: String) async {
        await send(text)
        lock.withLock { posted.append(text) }
    }

    private func send(_ text: String) async {
        try? await Task.sleep(for: .milliseconds(20))
    }
}
