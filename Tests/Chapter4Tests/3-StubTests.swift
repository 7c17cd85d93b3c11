import Chapter4
import Testing

@testable import Chapter4TestDoubles

@Suite("The stub stands in for the singleton and records what it is asked")
@MainActor
struct StubTests {
    @Test("The stub counts every call to the important method made through a ScarySingleton reference")
    func stubCountsCalls() throws {
        let stub = ScarySingletonStub()
        let standIn = try scarySingleton(standingIn: stub)

        standIn.doSomethingImportant()
        standIn.doSomethingImportant()

        #expect(
            stub.doSomethingImportantCallCount == 2,
            """
            doSomethingImportant() was called twice on the stub, through a ScarySingleton reference as \
            the screen calls it, but the stub counted \(stub.doSomethingImportantCallCount). Override \
            the method in the stub and count each call there.
            """)
    }

    @Test("The stub does none of the real, scary work")
    func stubDoesNoRealWork() throws {
        let stub = ScarySingletonStub()
        let standIn = try scarySingleton(standingIn: stub)

        standIn.importantValue = "a value that must never leave a test"
        standIn.doSomethingImportant()

        #expect(
            standIn.sentValues.isEmpty,
            """
            The stub sent its value, as the real singleton does. In an app that is a request to a real \
            server from inside a test: the override replaces the real work, so it must not call \
            `super.doSomethingImportant()`.
            """)
    }
}
