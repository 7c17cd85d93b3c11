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
