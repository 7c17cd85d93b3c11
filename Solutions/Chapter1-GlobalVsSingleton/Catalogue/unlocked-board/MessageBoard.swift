public final class MessageBoard: @unchecked Sendable {
    public static let shared = MessageBoard()
    private init() {}
    private var posted: [String] = []
    public var messages: [String] {
        get async { posted }
    }
    public func post(_ text: String) async {
        await send(text)
        posted.append(text)
    }
    private func send(_ text: String) async {
        try? await Task.sleep(for: .milliseconds(20))
    }
}
