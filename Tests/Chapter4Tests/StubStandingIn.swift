import Chapter4
import Testing

@testable import Chapter4TestDoubles

/// The learner's stub as the profile screen takes it: a `ScarySingleton`.
///
/// The conversion is a cast at run time on purpose. Written as `stub as ScarySingleton`, the tests
/// would not compile until the stub is a subclass, and a chapter that does not compile stops the
/// tests of every chapter.
@MainActor
func scarySingleton(
    standingIn stub: ScarySingletonStub, sourceLocation: SourceLocation = #_sourceLocation
) throws -> ScarySingleton {
    let standIn = stub as AnyObject as? ScarySingleton
    return try #require(
        standIn,
        """
        ScarySingletonStub is not a ScarySingleton yet, so it cannot stand in for one. Make it a \
        subclass of ScarySingleton in TestDoubles/ScarySingletonStub.swift (Step 3); Step 2 is what \
        allows another module to subclass it.
        """,
        sourceLocation: sourceLocation)
}

/// The end of a sentence that says what a stub's count of `counted`, for `expected` calls, means.
/// `sentSomething` says whether the real method's work was seen (a value sent): a count of zero
/// then means the real method ran; without it, that the stub's method ran and did not count.
func stubCount(_ counted: Int, expected: Int, sentSomething: Bool) -> String {
    if counted == 0 && sentSomething {
        return """
            the stub counted nothing and the value was sent: the real method ran instead of the stub's. \
            The stub's method must override the real one (same name, `override`), and count each call there.
            """
    }
    if counted == 0 {
        return """
            the stub counted nothing, though nothing was sent either: the stub's method ran, but its count \
            stayed at 0. Add one to `doSomethingImportantCallCount` in the override, for each call.
            """
    }
    if counted > expected {
        return """
            the stub counted \(counted), more calls than it received: is its count shared with other stubs \
            (a `static var`), or does it count one call twice?
            """
    }
    return "the stub counted only \(counted): count one for each call."
}
