/// A screen far away from the home screen that shows what is on the board. It does not know the
/// home screen exists; the board is all they have in common.
@MainActor
public final class SettingsScreen {
    /// The messages the screen shows, oldest first.
    public private(set) var shownMessages: [String] = []

    // TODO: Step 3. This screen made a board of its own, so it never sees what the home screen
    // posts. Use the one shared board instead.
    private let board = MessageBoard()

    public init() {}

    /// Fills the screen, as a view controller does when it loads.
    public func load() async {
        shownMessages = await board.messages
    }
}
