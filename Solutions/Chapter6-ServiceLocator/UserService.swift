/// The person who is signed in, as the profile screens show them.
public nonisolated struct User: Sendable, Equatable {
    public var name: String
    public var email: String

    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }
}

/// What a screen needs from whoever knows the signed-in user. Screens depend on this protocol,
/// never on `UserService`, so a test can hand them a fake.
///
/// `Sendable`, because services are kept in a locator that every task can reach.
public nonisolated protocol UserProviding: Sendable {
    /// The signed-in user as they are now.
    func currentUser() async -> User
    /// Renames the signed-in user. Every screen that asks afterwards sees the new name.
    func changeName(to newName: String) async
}

/// Whoever wants to hear when the signed-in user changes: a screen that shows the name. A class or
/// an actor (`AnyObject`), because what the service holds is a reference to it.
public nonisolated protocol UserObserver: AnyObject, Sendable {
    /// The signed-in user is now `user`.
    func userDidChange(to user: User) async
}

/// The app's user service: it keeps the signed-in user and is the one source of truth about them.
/// Screens do not hand the user to each other; each asks the service, or observes it. In an app it
/// would also restore the session from disk.
///
/// An actor, because every screen, on any task, may ask it at once.
public actor UserService {
    private var user: User

    /// A screen that observes the service must not be kept alive by it: the service lives as long as
    /// the app, a screen only until it closes. So each observer is held weakly, and an observer
    /// that is gone is dropped at the next change.
    private struct WeakObserver {
        weak var observer: (any UserObserver)?
    }

    private var observers: [WeakObserver] = []

    public init(signedInUser: User) {
        user = signedInUser
    }

    public func currentUser() -> User {
        user
    }

    /// Tells `observer` about every change of the user from now on, for as long as it exists.
    public func addObserver(_ observer: any UserObserver) {
        observers.append(WeakObserver(observer: observer))
    }

    public func changeName(to newName: String) async {
        user.name = newName
        let changed = user
        observers.removeAll { $0.observer == nil }
        // Strong references for the length of the calls only; the list keeps none.
        for observer in observers.compactMap(\.observer) {
            await observer.userDidChange(to: changed)
        }
    }
}

// The conformance in an extension: Swift 6.3 sometimes carries a `nonisolated` protocol's
// `nonisolated` over to an actor that conforms where it is declared, then refuses the actor.
extension UserService: UserProviding {}
