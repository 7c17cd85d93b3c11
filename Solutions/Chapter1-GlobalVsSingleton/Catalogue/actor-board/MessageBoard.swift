public actor MessageBoard {
    public static let shared = MessageBoard()
    private init() {}
    public private(set) var messages: [String] = []
    public func post(_ text: String) async {
        await send(text)
        messages.append(text)
    }
    private func send(_ text: String) async {
        try? await Task.sleep(for: .milliseconds(20))
    }
}
