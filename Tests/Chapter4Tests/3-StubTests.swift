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

        // Once with no value, once with one: the stub counts calls, whatever the value. The
        // value also lets the real method, if it runs, leave a trace.
        standIn.doSomethingImportant()
        let countedWithoutValue = stub.doSomethingImportantCallCount
        standIn.importantValue = "counted, never sent"
        standIn.doSomethingImportant()

        let counted = stub.doSomethingImportantCallCount
        #expect(
            counted == 2,
            countedWithoutValue == 0 && counted == 1
                ? """
                doSomethingImportant() was called twice on the stub, first with no importantValue, and the \
                stub counted only the second call. A stub counts every call it receives: the real method's \
                `guard` on the value has no place in it.
                """
                : """
                doSomethingImportant() was called twice on the stub, through a ScarySingleton reference as \
                the screen calls it, and \(stubCount(counted, expected: 2, sentSomething: !standIn.sentValues.isEmpty))
                """)
    }

    @Test("Each stub counts only the calls made to it")
    func eachStubCountsItsOwnCalls() throws {
        let calledOnce = ScarySingletonStub()
        let calledTwice = ScarySingletonStub()
        let first = try scarySingleton(standingIn: calledOnce)
        let second = try scarySingleton(standingIn: calledTwice)
        // Values to send, so that the real method, if it runs, leaves a trace.
        first.importantValue = "counted once, never sent"
        second.importantValue = "counted twice, never sent"
        first.doSomethingImportant()
        second.doSomethingImportant()
        second.doSomethingImportant()

        let counts = (calledOnce.doSomethingImportantCallCount, calledTwice.doSomethingImportantCallCount)
        #expect(
            counts == (1, 2),
            counts == (0, 0)
                ? """
                Two stubs were called, once and twice, and neither counted anything: \
                \(stubCount(0, expected: 1, sentSomething: !(first.sentValues + second.sentValues).isEmpty))
                """
                : """
                Two stubs, called once and twice, counted \(counts.0) and \(counts.1). Each test makes a stub of \
                its own and reads only its count, while other tests run at the same moment: keep the count \
                in the stub itself, not in anything the stubs share.
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
            stub.doSomethingImportantCallCount == 0
                ? """
                The stub sent its value, as the real singleton does, and counted nothing: the real \
                doSomethingImportant() ran, not the stub's. In an app that is a request to a real server \
                from inside a test: the stub's method must override the real one (same name, `override`).
                """
                : """
                The stub sent its value, as the real singleton does. In an app that is a request to a real \
                server from inside a test: the override replaces the real work, so it must not call \
                `super.doSomethingImportant()`.
                """)
    }
}
