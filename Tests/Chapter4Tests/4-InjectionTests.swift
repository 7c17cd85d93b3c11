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
        let screen = ProfileScreen(userName: userName, scarySingleton: try scarySingleton(standingIn: stub))

        screen.load()

        #expect(
            stub.doSomethingImportantCallCount == 1,
            """
            The screen was given a stub, yet loading it did not call doSomethingImportant() on the stub \
            exactly once (the stub counted \(stub.doSomethingImportantCallCount)). Keep the instance the \
            initialiser receives, and let load() use it instead of ScarySingleton.sharedInstance.
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

        screen.load()

        let shared = ScarySingleton.sharedInstance
        #expect(
            shared.importantValue != userName,
            """
            The screen was given a stub, yet loading it set importantValue on the real shared instance. \
            A test must not change state that every other test (and the app) shares: load() has to use \
            the instance it was given.
            """)
        #expect(
            !shared.sentValues.contains(userName),
            """
            The screen was given a stub, yet loading it made the real shared instance send a value. In \
            an app, that is a real request from inside a test: load() has to use the instance it was \
            given.
            """)
    }

    @Test("A screen built without a singleton still uses the shared instance")
    func theDefaultIsTheSharedInstance() {
        let screen = ProfileScreen(userName: userName)

        screen.load()

        let shared = ScarySingleton.sharedInstance
        #expect(
            shared.importantValue == userName,
            """
            A screen built without a singleton did not set importantValue on ScarySingleton.sharedInstance. \
            The app builds its screens this way and relies on the shared instance: make it the default \
            value of the initialiser's parameter (and make sure it really is one instance, Step 1).
            """)
        #expect(
            shared.sentValues.count { $0 == userName } == 1,
            """
            A screen built without a singleton did not make ScarySingleton.sharedInstance do the \
            important work exactly once. Without an argument, the screen must behave exactly as it did \
            before it could be given another instance.
            """)
    }
}
