/// An old class that the whole app leans on and nobody dares to change, hence the name. In an app
/// it could be the tracker of an analytics SDK: `importantValue` says what the user is looking at,
/// and `doSomethingImportant()` sends it to a server.
///
/// It is `open` so that tests in another module can subclass it, and `@MainActor` because a class
/// that can be subclassed cannot be checked `Sendable`: the main actor, where the screens using
/// it live, is what keeps its state safe.
@MainActor
open class ScarySingleton {
    /// The instance the app shares. Created once, on first use, on the main actor.
    public static let sharedInstance = ScarySingleton()

    /// Public, because a subclass in another module must be able to call it. The price: anyone
    /// can now make a second instance, so this is a singleton plus, not a strict singleton.
    public init() {}

    /// What the screens want the important work to be about. `open`, so a stub may watch it.
    open var importantValue: String?

    /// Everything the important work has sent, oldest first. A real SDK would keep this on its
    /// server, out of your reach; here it stays in memory so that tests can see what happened.
    public private(set) var sentValues: [String] = []

    /// The important work: sends the important value on its way. In an app, this is what makes
    /// the class scary in a test: a real request to a real server, every time. `open`, so that a
    /// stub can replace it.
    open func doSomethingImportant() {
        guard let importantValue else { return }
        sentValues.append(importantValue)
    }
}
