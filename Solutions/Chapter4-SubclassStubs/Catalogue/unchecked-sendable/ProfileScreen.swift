/// A user's profile page. It stands for a view controller: it lives on the main actor, and
/// `load()` runs when the screen appears, as `viewDidLoad` does. When it loads, it tells the scary
/// singleton whose profile is on show.
@MainActor
public final class ProfileScreen {
    /// The user whose profile this is.
    public let userName: String

    /// The singleton this screen talks to: the shared one in the app, a stub in a test.
    private let scarySingleton: ScarySingleton

    /// One initialiser serves both: the app writes `ProfileScreen(userName:)` as it always did,
    /// and a test passes its own instance. The default is evaluated on the main actor, like the
    /// rest of the initialiser.
    public init(userName: String, scarySingleton: ScarySingleton = .sharedInstance) {
        self.userName = userName
        self.scarySingleton = scarySingleton
    }

    /// Fills the screen and tells the singleton what is on show.
    public func load() {
        // The instance the screen was given, never `ScarySingleton.sharedInstance` directly:
        // that is what lets a test see, and replace, what happens here.
        scarySingleton.importantValue = userName
        scarySingleton.doSomethingImportant()
    }
}
