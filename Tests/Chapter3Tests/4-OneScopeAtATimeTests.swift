import Chapter3
import Foundation
import Testing
import WorkbookSupport

extension SharedStoreTests {
    @Suite("Scopes of tests running at the same time never disturb each other")
    struct OneScopeAtATimeTests {
        @Test("Scopes started at the same moment each keep their own store from start to end")
        func scopesDoNotDisturbEachOther() async throws {
            let appStore = UserStorage.shared
            let name = "Ada \(UUID().uuidString)"
            let seen = try await withTemporaryFolder("chapter3-users") { folder in
                let stores = (0..<Self.scopeCount).map {
                    UserStorage(folder: folder.appendingPathComponent("scope-\($0)"))
                }
                return try await withinTimeLimit(.seconds(20)) { watch in
                    try await Self.startTogether(stores: stores, registering: name, watch: watch)
                }
            }

            let everyBodySawTheAppStore = seen.bodies.allSatisfy { $0.atStart == .app && $0.atEnd == .app }
            let disturbed = seen.bodies.count {
                $0.atStart != .own || $0.afterTheOthersStarted != .own || $0.atEnd != .own
            }
            if everyBodySawTheAppStore {
                Issue.record(
                    """
                    Inside every scope, `UserStorage.shared` was the app's own store: `replacingShared(with:_:)` \
                    does not put the replacement in place yet (Step 2).
                    """)
            } else if disturbed > 0 && seen.mostBodiesAtOnce > 1 {
                Issue.record(
                    """
                    The bodies of up to \(seen.mostBodiesAtOnce) of \(Self.scopeCount) scopes ran at the same \
                    time, and \(disturbed) of them found another scope's store in `UserStorage.shared`: each \
                    scope swapped its store in while the others' bodies were running. Run each whole scope \
                    inside `oneScopeAtATime`, from the swap to the restore, so that the next scope begins only \
                    once this one has put the original back.
                    """)
            } else if disturbed > 0 {
                Issue.record(
                    """
                    The scopes' bodies took turns, yet \(disturbed) of \(Self.scopeCount) found another scope's \
                    store in `UserStorage.shared`: a scope swapped its store in before its turn, while another \
                    scope's body was running. Swap inside the gate, not before entering it.
                    """)
            } else {
                let everyRegistrationAccepted = seen.bodies.allSatisfy(\.registered)
                #expect(
                    everyRegistrationAccepted,
                    """
                    Each scope registered the same name in an empty store of its own, yet some were refused: \
                    they registered in a store that another scope had used too.
                    """)
                #expect(
                    UserStorage.shared === appStore,
                    """
                    After all the scopes had ended, `UserStorage.shared` was not the app's store: the scopes put \
                    back each other's stores in the wrong order.
                    """)
            }
        }

        @Test("A scope that begins while another's body runs waits its turn, and the app's store is back after both")
        func aLateScopeWaitsItsTurn() async throws {
            let appStore = UserStorage.shared
            let outcome = try await withTemporaryFolder("chapter3-users") { folder in
                try await withinTimeLimit(.seconds(20)) { watch in
                    try await Self.scopeBeginningInside(
                        first: UserStorage(folder: folder.appendingPathComponent("first")),
                        second: UserStorage(folder: folder.appendingPathComponent("second")), appStore: appStore,
                        watch: watch)
                }
            }
            #expect(
                outcome.secondSawItsOwn,
                """
                A second scope began while the first scope's body was running; once its own body ran, \
                `UserStorage.shared` was \(outcome.secondSaw) instead of its own store.
                """)
            let sharedNow = UserStorage.shared
            let sharedNowIs =
                sharedNow === outcome.first
                ? "the first scope's store"
                : sharedNow === outcome.second ? "the second scope's store" : "another store"
            #expect(
                sharedNow === appStore,
                """
                A second scope began while the first scope's body was running. After both had ended, \
                `UserStorage.shared` was \(sharedNowIs), not the app's store: the second \
                scope remembered the store in place when it was called, which was the first scope's, and put that \
                back. Remember the original only once it is your turn, inside the gate: the whole scope, from \
                reading the original to putting it back, runs inside `oneScopeAtATime`.
                """)
        }

        struct LateScopeOutcome: Sendable {
            var first: UserStorage
            var second: UserStorage
            var secondSawItsOwn: Bool
            var secondSaw: String
        }

        /// Runs a first scope whose body starts a second scope (on the main actor, where the
        /// second's call runs until its first suspension) and ends only after that call was made.
        @MainActor
        static func scopeBeginningInside(
            first: UserStorage, second: UserStorage, appStore: UserStorage, watch: ScopeWatch
        ) async throws -> LateScopeOutcome {
            let secondCalled = Flag()
            var secondScope: Task<String, Never>?
            await UserStorage.replacingShared(with: first) {
                watch.bodyBegan()
                defer { watch.bodyEnded() }
                secondScope = Task { @MainActor in
                    secondCalled.raise()
                    return await UserStorage.replacingShared(with: second) {
                        watch.bodyBegan()
                        defer { watch.bodyEnded() }
                        let now = UserStorage.shared
                        return now === second
                            ? "own"
                            : now === first
                                ? "the first scope's store" : now === appStore ? "the app's store" : "another store"
                    }
                }
                await waitUntil(timeLimit: .seconds(5)) { secondCalled.isRaised }
                // The second scope's call has run up to its first suspension (or, called from no
                // actor, is about to): give it a moment more.
                try? await Task.sleep(for: .milliseconds(50))
            }
            let seen = await secondScope?.value ?? "never run"
            return LateScopeOutcome(first: first, second: second, secondSawItsOwn: seen == "own", secondSaw: seen)
        }

        /// How many scopes start at the same moment.
        static let scopeCount = 4

        /// Which store a body found in `UserStorage.shared`.
        enum Found: Sendable {
            case own, app, another

            /// What `UserStorage.shared` is now, for the scope of `store`.
            init(store: UserStorage, appStore: UserStorage) {
                let current = UserStorage.shared
                self = current === store ? .own : current === appStore ? .app : .another
            }
        }

        /// What one scope's body saw.
        struct Body: Sendable {
            var atStart: Found
            var afterTheOthersStarted: Found
            var atEnd: Found
            var registered: Bool
        }

        /// What the scopes of one run saw.
        struct Seen: Sendable {
            var bodies: [Body]
            var mostBodiesAtOnce: Int
        }

        /// Calls one scope, on the main actor, and reports what its body saw.
        @MainActor
        static func runScope(
            of store: UserStorage, appStore: UserStorage, registering name: String, roll: ScopeRoll,
            watch: ScopeWatch
        ) async throws -> Body {
            roll.scopeCalled()
            return try await UserStorage.replacingShared(with: store) {
                watch.bodyBegan()
                roll.bodyBegan()
                defer {
                    roll.bodyEnded()
                    watch.bodyEnded()
                }
                let atStart = Found(store: store, appStore: appStore)
                await roll.everyScopeCalled()
                let afterTheOthersStarted = Found(store: store, appStore: appStore)
                try await Task.sleep(for: .milliseconds(50))
                // An error counts as a refusal: with scopes that disturb each other, the store in place
                // may be one whose folder another scope's test has already deleted.
                let registered = (try? UserManager().registerUser(name: name)) ?? false
                return Body(
                    atStart: atStart, afterTheOthersStarted: afterTheOthersStarted,
                    atEnd: Found(store: store, appStore: appStore), registered: registered)
            }
        }

        /// Starts one scope per store, all at the same moment, as parallel tests would.
        ///
        /// Every scope is started on the main actor, and each body waits there until every scope
        /// has been called. A scope runs on its caller's actor (its `isolation` parameter) until its
        /// first `await`, so by the time a body goes on, every scope has done whatever it does
        /// before waiting for its turn: a scope that swaps before entering the gate has swapped, and
        /// a scope with no gate has begun its body. Both show every time. Each body then takes a
        /// moment, as a real test does, so that a scope holding the gate for only part of its work
        /// is seen too.
        static func startTogether(stores: [UserStorage], registering name: String, watch: ScopeWatch) async throws
            -> Seen
        {
            let roll = await ScopeRoll(expected: stores.count)
            let appStore = UserStorage.shared
            var bodies: [Body] = []
            try await withThrowingTaskGroup(of: Body.self) { group in
                for store in stores {
                    group.addTask {
                        try await runScope(
                            of: store, appStore: appStore, registering: name, roll: roll, watch: watch)
                    }
                }
                for try await body in group { bodies.append(body) }
            }
            return Seen(bodies: bodies, mostBodiesAtOnce: await roll.mostBodiesAtOnce)
        }
    }
}

/// Keeps count of the scopes ``SharedStoreTests/OneScopeAtATimeTests`` starts, on the main actor.
@MainActor
final class ScopeRoll {
    let expected: Int
    private var called = 0
    private var bodiesRunning = 0
    private(set) var mostBodiesAtOnce = 0
    private var waitingForEveryScope: [CheckedContinuation<Void, Never>] = []

    init(expected: Int) {
        self.expected = expected
    }

    /// Just before a scope is called.
    func scopeCalled() {
        called += 1
        if called == expected {
            for waiting in waitingForEveryScope { waiting.resume() }
            waitingForEveryScope = []
        }
    }

    /// Returns once every scope has been called.
    func everyScopeCalled() async {
        if called >= expected { return }
        await withCheckedContinuation { waitingForEveryScope.append($0) }
    }

    func bodyBegan() {
        bodiesRunning += 1
        mostBodiesAtOnce = max(mostBodiesAtOnce, bodiesRunning)
    }

    func bodyEnded() {
        bodiesRunning -= 1
    }
}
