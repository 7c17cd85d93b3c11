/// A screen far away from the home screen that shows what is on the board. It does not know the
/// home screen exists; the board is all they have in common.
@MainActor
public final class SettingsScreen {
    /// The messages the screen shows, oldest first.
    public private(set) var shownMessages: [String] = []

    public init() {}

    /// Fills the screen, as a view controller does when it loads.
    public func load() async {
        shownMessages = await MessageBoard.shared.messages
    }
}
