/// The screen the app opens on. It stands for a view controller or a SwiftUI view model, which
/// live on the main actor, as UI code does.
@MainActor
public final class HomeScreen {
    public init() {}

    /// What happens when the user writes a message and taps "Post".
    public func post(_ text: String) async {
        await MessageBoard.shared.post(text)
    }
}
