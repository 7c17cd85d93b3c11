/// A user's profile page. It stands for a view controller: it lives on the main actor, and
/// `load()` runs when the screen appears, as `viewDidLoad` does. When it loads, it tells the scary
/// singleton whose profile is on show.
@MainActor
public final class ProfileScreen {
    /// The user whose profile this is.
    public let userName: String

    /// The singleton this screen talks to: the shared one in the app, a stub in a test.
    private let scarySingleton: ScarySingleton

    /// What the app calls: the screen talks to the shared instance.
    public convenience init(userName: String) {
        self.init(userName: userName, scarySingleton: .sharedInstance)
    }

    /// What a test calls, with an instance of its own.
    public init(userName: String, scarySingleton: ScarySingleton) {
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
