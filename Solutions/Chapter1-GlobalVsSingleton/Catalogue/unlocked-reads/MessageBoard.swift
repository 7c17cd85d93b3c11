import Foundation

/// The app's notice board, guarded by an `NSLock` where it is written.
public final class MessageBoard: @unchecked Sendable {
    public static let shared = MessageBoard()

    private init() {}

    private let lock = NSLock()
    private var posted: [String] = []

    /// Everything posted so far, oldest first. Only reads the list, so it takes no lock.
    public var messages: [String] {
        get async { posted }
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
