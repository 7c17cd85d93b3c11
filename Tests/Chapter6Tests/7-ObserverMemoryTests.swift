import Chapter6
import Testing

@Suite("The user service tells its observers about changes, and keeps none of them alive")
struct ObserverMemoryTests {
    @Test("An observer hears every new name while it exists, and the service does not keep it alive")
    func observersAreHeldWeakly() async {
        let service = UserService(signedInUser: .ada)
        let stayingOpen = NameWatcher()
        await service.addObserver(stayingOpen)

        weak var closedScreen: NameWatcher?
        do {
            let screen = NameWatcher()
            closedScreen = screen
            await service.addObserver(screen)
            await service.changeName(to: "Ada King")
            #expect(
                await screen.names == ["Ada King"],
                """
                An observer added with addObserver(_:) should have been told the new name by the time \
                changeName(to:) returns: the service tells every open observer before it returns.
                """)
        }
        // The screen has closed: nothing but the service can still hold it.

        await service.changeName(to: "Augusta Ada King")
        #expect(
            await stayingOpen.names == ["Ada King", "Augusta Ada King"],
            """
            An observer that still exists should have heard every change, in order, by the time each \
            changeName(to:) returned, also after another observer went away.
            """)
        #expect(
            closedScreen == nil,
            """
            A screen that observed the user service closed, and nothing in the app holds it any more, \
            yet it is still alive: the user service keeps it. The service lives as long as the app, so \
            everything it holds strongly does too, and the closed screen is still told about every \
            change. Hold each observer weakly (a `weak var` in a small box), and drop the ones that \
            are gone.
            """)
    }
}

/// An observer for these tests: a screen that writes down every name it is told.
actor NameWatcher {
    private(set) var names: [String] = []

    func userDidChange(to user: User) {
        names.append(user.name)
    }
}

// The conformance in an extension, as for `FakeUserProvider`.
extension NameWatcher: UserObserver {}
