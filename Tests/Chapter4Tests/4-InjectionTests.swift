import Chapter4
import Foundation
import Testing

@testable import Chapter4TestDoubles

@Suite("The profile screen uses the singleton it is given, and the shared one by default")
@MainActor
struct InjectionTests {
    /// The tests share `ScarySingleton.sharedInstance` and run in parallel, so each one uses a user
    /// name of its own and looks only for that name.
    private let userName = "Ada \(UUID().uuidString)"

    @Test("Loading the screen calls the important method exactly once on the injected singleton")
    func loadCallsTheInjectedSingletonOnce() throws {
        let stub = ScarySingletonStub()
        let standIn = try scarySingleton(standingIn: stub)
        let screen = ProfileScreen(userName: userName, scarySingleton: standIn)

        screen.load()

        let counted = stub.doSomethingImportantCallCount
        let usedTheStub = standIn.importantValue == userName
        #expect(
            counted == 1,
            counted == 0 && !usedTheStub
                ? """
                The screen was given a stub, yet loading it never touched the stub. Keep the instance the \
                initialiser receives, and let load() use it instead of ScarySingleton.sharedInstance.
                """
                : counted == 0
                    ? """
                    The screen used the stub it was given, and \
                    \(stubCount(0, expected: 1, sentSomething: !standIn.sentValues.isEmpty))
                    """
                    : """
                    The screen was given a stub, and one load left the stub with a count of \(counted): \
                    load() must ask for the important work once, and the stub must count only its own calls.
                    """)
    }

    @Test("Each screen keeps the singleton it was given, and loads through that one")
    func eachScreenKeepsItsOwnSingleton() throws {
        // Two screens, each given a stub that nothing but the screen keeps alive, then loaded in
        // the other order.
        weak var firstStub: ScarySingletonStub?
        weak var secondStub: ScarySingletonStub?
        func screen(named name: String, keepingWeakly reference: inout ScarySingletonStub?) throws -> ProfileScreen {
            let stub = ScarySingletonStub()
            reference = stub
            return ProfileScreen(userName: name, scarySingleton: try scarySingleton(standingIn: stub))
        }
        let first = try screen(named: userName + " (first)", keepingWeakly: &firstStub)
        let second = try screen(named: userName + " (second)", keepingWeakly: &secondStub)

        second.load()
        first.load()

        let stubs = try #require(
            firstStub.flatMap { first in secondStub.map { (first, $0) } },
            """
            A stub that only its screen holds was gone by the time the screen loaded: the screen does not \
            keep the instance it is given (a `weak` or `unowned` property?). In the app nothing else may \
            hold it either: keep it in a constant of the screen.
            """)
        // Read as the screen sees them, through `ScarySingleton` references.
        let values = (
            try scarySingleton(standingIn: stubs.0).importantValue,
            try scarySingleton(standingIn: stubs.1).importantValue
        )
        let counts = (stubs.0.doSomethingImportantCallCount, stubs.1.doSomethingImportantCallCount)
        #expect(
            values == (userName + " (first)", userName + " (second)") && counts == (1, 1),
            """
            Two screens, each given a stub of its own, each loaded once: each stub should hold its own \
            screen's user and count one call. The first holds \(values.0 ?? "nil") and counted \(counts.0), \
            the second \(values.1 ?? "nil") and \(counts.1). A screen must keep its own instance, not one that every \
            screen shares (a `static` property keeps only the last one given).
            """)
    }

    @Test("Loading the screen sets the important value on the injected singleton")
    func loadSetsTheValueOnTheInjectedSingleton() throws {
        let standIn = try scarySingleton(standingIn: ScarySingletonStub())
        let screen = ProfileScreen(userName: userName, scarySingleton: standIn)

        screen.load()

        #expect(
            standIn.importantValue == userName,
            """
            The screen was given a stub, yet loading it did not set the stub's importantValue to the \
            user's name. Everything load() does to the singleton must happen on the instance the screen \
            was given.
            """)
    }

    @Test("Loading a screen that was given a stub leaves the shared instance untouched")
    func sharedInstanceIsLeftAlone() throws {
        let standIn = try scarySingleton(standingIn: ScarySingletonStub())
        let screen = ProfileScreen(userName: userName, scarySingleton: standIn)
        // The tests run on the main actor, one at a time there, and this one does not suspend: no
        // other test can touch the shared instance between the snapshot and the check. A value of
        // its own makes a stray call to the real important work visible.
        let shared = ScarySingleton.sharedInstance
        let valueBefore = shared.importantValue
        let marker = "left alone \(UUID().uuidString)"
        shared.importantValue = marker
        defer { shared.importantValue = valueBefore }
        let sentBefore = shared.sentValues

        screen.load()

        #expect(
            shared.importantValue == marker,
            """
            The screen was given a stub, yet loading it changed importantValue on the real shared \
            instance (to \(shared.importantValue.map { "\"\($0)\"" } ?? "nil")). A test must not change state \
            that every other test (and the app) shares: load() has to use the instance it was given, \
            and nothing else.
            """)
        let sentNow = Array(shared.sentValues.dropFirst(sentBefore.count))
        #expect(
            shared.sentValues.count == sentBefore.count,
            """
            The screen was given a stub, yet loading it made the real shared instance do the important \
            work (it sent \(sentNow)). In an app, that is a real request from inside a test: load() has \
            to use the instance it was given, and nothing else.
            """)
    }

    @Test("A screen built without a singleton still uses the shared instance")
    func theDefaultIsTheSharedInstance() {
        let screen = ProfileScreen(userName: userName)

        // Twice: every load does the work again, on the shared instance too.
        screen.load()
        screen.load()

        let shared = ScarySingleton.sharedInstance
        #expect(
            shared.importantValue == userName,
            """
            A screen built without a singleton did not set importantValue on ScarySingleton.sharedInstance. \
            The app builds its screens this way and relies on the shared instance: make it the default \
            value of the initialiser's parameter (and make sure it really is one instance, Step 1).
            """)
        let sent = shared.sentValues.count { $0 == userName }
        #expect(
            sent == 2,
            sent == 0 && shared.importantValue == userName
                ? """
                A screen built without a singleton set the user's name on ScarySingleton.sharedInstance, \
                but the important work did not send it: load() asked for the work before it set the value. \
                Set importantValue first, then call doSomethingImportant(), as the screen did before.
                """
                : """
                A screen built without a singleton and loaded twice made ScarySingleton.sharedInstance send \
                the user's name \(sent) time(s) instead of twice. Without an argument, the screen must \
                behave exactly as it did before it could be given another instance, and the shared \
                instance as it always has: every load sends again.
                """)
    }
}
