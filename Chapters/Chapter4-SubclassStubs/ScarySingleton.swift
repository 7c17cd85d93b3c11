/// An old class that the whole app leans on and nobody dares to change, hence the name. In an app
/// it could be the tracker of an analytics SDK: `importantValue` says what the user is looking at,
/// and `doSomethingImportant()` sends it to a server.
public nonisolated class ScarySingleton {
    // TODO: Step 1. Swift 6 refused `static let sharedInstance = ScarySingleton()` for this class
    // ("not concurrency-safe"), so someone silenced the error by computing a new instance on every
    // access. Nothing is shared any more. Isolate the class to the main actor, where the screens
    // that use it live, and make `sharedInstance` a stored `static let` again.
    public static var sharedInstance: ScarySingleton { ScarySingleton() }

    // TODO: Step 2. Tests in another module need to subclass this class and create their
    // subclass. Neither is allowed yet: make the class, and the members a stub will override,
    // `open`, and let other modules call this initialiser.
    init() {}

    /// What the screens want the important work to be about.
    public var importantValue: String?

    /// Everything the important work has sent, oldest first. A real SDK would keep this on its
    /// server, out of your reach; here it stays in memory so that tests can see what happened.
    public private(set) var sentValues: [String] = []

    /// The important work: sends the important value on its way. In an app, this is what makes
    /// the class scary in a test: a real request to a real server, every time.
    public func doSomethingImportant() {
        guard let importantValue else { return }
        sentValues.append(importantValue)
    }
}
