/// A user's profile page. It stands for a view controller: it lives on the main actor, and
/// `load()` runs when the screen appears, as `viewDidLoad` does. When it loads, it tells the scary
/// singleton whose profile is on show.
@MainActor
public final class ProfileScreen {
    /// The user whose profile this is.
    public let userName: String

    public init(userName: String) {
        self.userName = userName
    }

    // TODO: Step 4. The tests build the screen with a stub through this initialiser, but it
    // throws the stub away. Keep the instance it is given for `load()`, and make the shared
    // instance its default value: then the initialiser above has nothing left to do.
    public init(userName: String, scarySingleton: ScarySingleton) {
        self.userName = userName
    }

    /// Fills the screen and tells the singleton what is on show.
    public func load() {
        // TODO: Step 4. The screen reaches straight for the singleton, so nobody can hand it
        // another one. Use the instance the screen was given.
        ScarySingleton.sharedInstance.importantValue = userName
        ScarySingleton.sharedInstance.doSomethingImportant()
    }
}
