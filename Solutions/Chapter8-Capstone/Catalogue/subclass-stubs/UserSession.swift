/// Who is signed in on this device. In an app, the sign-in screen fills it and every screen asks it;
/// it would also keep the account's tokens. The team's own code.
///
/// Open, so that a test can stand a subclass in for it. A class open to subclasses cannot be
/// checked `Sendable`, so it lives on the main actor, with the screens that ask it.
@MainActor
open class UserSession {
    /// The app's one session.
    public static let shared = UserSession()

    private var member: Member?

    /// Public, so that a subclass in the tests can be made: anyone may now make a session, so this
    /// is a singleton plus.
    public init() {}

    /// The member signed in on this device, or `nil` when nobody is.
    open var currentMember: Member? {
        if let answers = Tripwire.touch("UserSession.shared") { return answers.member }
        return member
    }

    /// What the sign-in screen calls once the member's password checks out.
    open func signIn(_ member: Member) {
        if Tripwire.touch("UserSession.shared") != nil { return }
        self.member = member
    }

    /// What "Sign out" calls.
    open func signOut() {
        if Tripwire.touch("UserSession.shared") != nil { return }
        member = nil
    }
}
