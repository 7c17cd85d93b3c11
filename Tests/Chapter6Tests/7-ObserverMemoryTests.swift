import Chapter6
import Testing
import WorkbookSupport

@Suite("The user service tells its observers about changes, and keeps none of them alive")
struct ObserverMemoryTests {
    @Test("An observer hears every new name while it exists, and the service does not keep it alive")
    func observersAreHeldWeakly() async {
        let service = UserService(signedInUser: .ada)
        let stayingOpen = NameWatcher()
        await service.addObserver(stayingOpen)
        let rereading = UserRereader(service: service)
        await service.addObserver(rereading)

        weak var closedScreen: NameWatcher?
        do {
            let screen = NameWatcher()
            closedScreen = screen
            await service.addObserver(screen)
            // More screens, which close at the same moment.
            let alsoClosing = (1...16).map { _ in NameWatcher() }
            for other in alsoClosing { await service.addObserver(other) }
            await service.changeName(to: "Ada King")
            #expect(
                await screen.names == ["Ada King"],
                """
                An observer added with addObserver(_:) should have been told the new name by the time \
                changeName(to:) returns: the service tells every open observer before it returns.
                """)
            var toldAll = true
            for other in alsoClosing where await other.names != ["Ada King"] { toldAll = false }
            #expect(toldAll, "Of 17 observers, some were not told the new name by the time changeName(to:) returned.")
        }
        // The screens have closed: nothing but the service can still hold them. New screens open at
        // once, and are likely to be given the closed ones' memory, and so their `ObjectIdentifier`s.
        let reopenedScreens = (1...17).map { _ in NameWatcher() }
        for screen in reopenedScreens { await service.addObserver(screen) }

        await service.changeName(to: "Augusta Ada King")
        #expect(
            await stayingOpen.names == ["Ada King", "Augusta Ada King"],
            """
            An observer that still exists should have heard every change, in order, by the time each \
            changeName(to:) returned, also after another observer went away.
            """)
        var notTold = 0
        for screen in reopenedScreens where await screen.names != ["Augusta Ada King"] { notTold += 1 }
        #expect(
            notTold == 0,
            """
            17 screens called addObserver(_:) just after 17 others had closed; \(notTold) of them did not \
            hear the next new name (and only it). If the service skips observers it already has, compare \
            the live observers (`===`), not identifiers kept from before: an `ObjectIdentifier` is unique \
            only while its object lives, and a new screen may get a closed one's.
            """)
        let reread = await rereading.namesRead
        #expect(
            reread == ["Ada King", "Augusta Ada King"],
            """
            An observer that asked the service for the user each time it was told about a change got \
            \(reread), not the new names: the service told its observers before it held the change. \
            Change the user first, then tell the observers.
            """)
        #expect(
            closedScreen == nil,
            """
            A screen that observed the user service closed, and nothing in the app holds it any more, \
            yet it is still alive: the user service keeps it. The service lives as long as the app, so \
            everything it holds strongly does too, and the closed screen is still told about every \
            change. Hold each observer weakly (a `weak var` in a small box). Dropping the empty boxes \
            when you next tell the observers keeps the list short; no test can see whether you do.
            """)
        await overlappingChangesReachEveryone()
        await anObserverAddedDuringAChangeHearsTheNext()
    }

    /// A screen that starts observing while the service is telling the others about a change hears
    /// the next change.
    private func anObserverAddedDuringAChangeHearsTheNext() async {
        let service = UserService(signedInUser: .ada)
        // The first observer holds the first change at a gate: the service is still telling it when
        // the new screen calls addObserver(_:).
        let gate = Gate(patience: .seconds(10))
        let holding = SlowWatcher { await gate.pass() }
        await service.addObserver(holding)
        let firstChange = Task { await service.changeName(to: "Ada King") }
        _ = await gate.waitForArrivals(1, timeLimit: .seconds(10))
        let newcomer = NameWatcher()
        let added = Flag()
        let adding = Task {
            await service.addObserver(newcomer)
            added.raise()
        }
        // Added while the change waits, unless the service makes it wait for the change (then the
        // gate's patience lets the change go on by itself).
        _ = await waitUntil(timeLimit: .seconds(10)) { added.isRaised }
        await gate.open()
        await firstChange.value
        await adding.value
        await service.changeName(to: "Augusta Ada King")
        let heard = await newcomer.names
        // Kept alive to here: the service holds its observers weakly.
        _ = await holding.names
        #expect(
            heard.last == "Augusta Ada King" && heard.count { $0 == "Augusta Ada King" } == 1,
            """
            A screen called addObserver(_:) while the service was still telling another observer \
            about "Ada King"; then the name changed to "Augusta Ada King", and the screen heard \
            \(heard) instead of that name, once, last. A list of observers written back after an \
            `await` drops the ones added meanwhile: change the list only in steps with no `await` \
            between reading it and writing it.
            """)
    }

    /// Two changes at the same moment: every observer hears each new name once.
    private func overlappingChangesReachEveryone() async {
        let service = UserService(signedInUser: .ada)
        // The first observer is slow to take a change in: each change waits there until the other
        // change is there too, so both are under way at once, every run. The ones after it are told
        // only then.
        let meeting = Rendezvous(expecting: 2)
        let slow = SlowWatcher { await meeting.arrive() }
        await service.addObserver(slow)
        let later = (1...3).map { _ in NameWatcher() }
        for watcher in later { await service.addObserver(watcher) }

        let newNames = ["Ada King", "Augusta Ada King"]
        await withDiscardingTaskGroup { group in
            for name in newNames {
                group.addTask { await service.changeName(to: name) }
            }
        }
        var heard = [await slow.names]
        for watcher in later { heard.append(await watcher.names) }
        let wrong = heard.filter { $0.sorted() != newNames.sorted() }
        #expect(
            wrong.isEmpty,
            """
            Two names were changed at the same moment, "Ada King" and "Augusta Ada King", and every \
            observer should have heard each of them once; \(wrong.count) of \(heard.count) heard \
            \(wrong.map { "\($0)" }.joined(separator: ", ")) instead. While one change waits for an \
            observer, the actor runs the other change: tell each observer the user this change made, \
            kept before the first `await`, not the user as it is by the time its turn comes.
            """)
    }
}

/// An observer that writes down every name it is told, then waits for `whenTold` before it
/// returns: a slow screen, which holds the service's change where the test chooses.
actor SlowWatcher {
    private let whenTold: @Sendable () async -> Void
    private(set) var names: [String] = []

    init(whenTold: @escaping @Sendable () async -> Void) {
        self.whenTold = whenTold
    }

    func userDidChange(to user: User) async {
        names.append(user.name)
        await whenTold()
    }
}

/// An observer for these tests: a screen that writes down every name it is told.
actor NameWatcher {
    private(set) var names: [String] = []

    func userDidChange(to user: User) {
        names.append(user.name)
    }
}

/// An observer that, like many screens, asks the service for the user when it is told of a change.
actor UserRereader {
    private let service: UserService
    private(set) var namesRead: [String] = []

    init(service: UserService) {
        self.service = service
    }

    func userDidChange(to user: User) async {
        namesRead.append(await service.currentUser().name)
    }
}

// The conformances in extensions, as for `FakeUserProvider`.
extension NameWatcher: UserObserver {}
extension UserRereader: UserObserver {}
extension SlowWatcher: UserObserver {}
