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
            // Told before changeName returns, or soon after: either way is the service's choice.
            await waitBriefly { await screen.names.count >= 1 }
            #expect(
                await screen.names == ["Ada King"],
                "An observer added with addObserver(_:) should be told the new name when changeName(to:) runs.")
        }
        // The screen has closed: nothing but the service can still hold it.

        await service.changeName(to: "Augusta Ada King")
        await waitBriefly { await stayingOpen.names.count >= 2 }
        // A notification still on its way may hold the screen for a moment; a list never lets go.
        await waitBriefly { closedScreen == nil }
        #expect(
            await stayingOpen.names == ["Ada King", "Augusta Ada King"],
            """
            An observer that still exists should hear every change, in order, also after another \
            observer went away.
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

/// Waits until `condition` holds, or two seconds have passed: a service that never lets go must
/// not hold up the test for long.
private func waitBriefly(until condition: () async -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(2)
    while await !condition(), ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(2))
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
