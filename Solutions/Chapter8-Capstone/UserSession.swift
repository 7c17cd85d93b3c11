import Synchronization

/// Who is signed in on this device. In an app, the sign-in screen fills it and every screen asks it;
/// it would also keep the account's tokens. The team's own code.
public nonisolated final class UserSession: Sendable {
    /// The app's one session.
    public static let shared = UserSession()

    private let member = Mutex<Member?>(nil)

    private init() {}

    /// The member signed in on this device, or `nil` when nobody is.
    public var currentMember: Member? {
        if let answers = Tripwire.touch("UserSession.shared") { return answers.member }
        return member.withLock { $0 }
    }

    /// What the sign-in screen calls once the member's password checks out.
    public func signIn(_ member: Member) {
        if Tripwire.touch("UserSession.shared") != nil { return }
        self.member.withLock { $0 = member }
    }

    /// What "Sign out" calls.
    public func signOut() {
        if Tripwire.touch("UserSession.shared") != nil { return }
        member.withLock { $0 = nil }
    }
}
