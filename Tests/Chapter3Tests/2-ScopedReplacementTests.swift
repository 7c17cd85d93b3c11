import Chapter3
import Foundation
import Synchronization
import Testing
import WorkbookSupport

extension SharedStoreTests {
    @Suite("A test can put a store of its own in place of the shared one, for a scope")
    struct ScopedReplacementTests {
        @Test("Inside the scope UserStorage.shared is the test's store; afterwards the app's store is back")
        func replacedForTheScope() async throws {
            let appStore = UserStorage.shared
            try await withTemporaryFolder("chapter3-users") { folder in
                let testStore = UserStorage(folder: folder)
                let seenInside = try await withinTimeLimit { watch in
                    await UserStorage.replacingShared(with: testStore) {
                        watch.bodyBegan()
                        defer { watch.bodyEnded() }
                        return UserStorage.shared
                    }
                }

                #expect(
                    seenInside === testStore,
                    Self.notTheTestsStore(seenInside, appStore: appStore))
            }
            #expect(
                UserStorage.shared === appStore,
                "After the scope, `UserStorage.shared` should be the app's own store again.")
        }

        /// Why `seen`, found in `UserStorage.shared` inside a scope, is not the store the test passed.
        static func notTheTestsStore(_ seen: UserStorage, appStore: UserStorage) -> Comment {
            if seen === appStore {
                return """
                    Inside `replacingShared(with:_:)`, `UserStorage.shared` was still the app's own store. The \
                    scope must put the very store the test passed in place: a test may look inside it \
                    afterwards, and pointing the app's store at another folder is not the same thing.
                    """
            }
            return """
                Inside `replacingShared(with:_:)`, `UserStorage.shared` was neither the store the test passed \
                in nor the app's store: `shared` must hand out the store that was put in place, that very \
                object, not a new one.
                """
        }

        @Test("After a scope whose body throws, the app's store is back and the next scope can begin")
        func restoredAfterAThrow() async throws {
            let appStore = UserStorage.shared
            try await withTemporaryFolder("chapter3-users") { folder in
                let testStore = UserStorage(folder: folder)
                let thrown = try await withinTimeLimit { watch -> ScenarioFailure? in
                    do {
                        try await UserStorage.replacingShared(with: testStore) {
                            watch.bodyBegan()
                            defer { watch.bodyEnded() }
                            throw ScenarioFailure(sharedInsideTheBody: UserStorage.shared)
                        }
                        return nil
                    } catch let failure as ScenarioFailure {
                        return failure
                    }
                }

                let failure = try #require(
                    thrown, "The error thrown in the body should reach the caller of the scope unchanged.")
                #expect(
                    failure.sharedInsideTheBody === testStore,
                    """
                    Inside `replacingShared(with:_:)`, `UserStorage.shared` should be the store the test \
                    passed in, also in a body that goes on to throw.
                    """)
            }
            #expect(
                UserStorage.shared === appStore,
                """
                After a scope whose body threw, `UserStorage.shared` should be the app's own store again. A \
                failing test must not leave its store behind for every test after it: put the original back \
                however the body ends.
                """)

            // A scope that kept the gate after its body threw would keep this one waiting forever.
            let nextScopeRan = try await withinTimeLimit { watch in
                try await withTemporaryFolder("chapter3-users") { folder in
                    await UserStorage.replacingShared(with: UserStorage(folder: folder)) {
                        watch.bodyBegan()
                        watch.bodyEnded()
                        return true
                    }
                }
            }
            #expect(nextScopeRan, "The scope after the one whose body threw should run its body.")
        }

        @Test("Only a scope can change UserStorage.shared: no code, in the module or outside, can assign it")
        func onlyAScopeChangesShared() async throws {
            try await withTemporaryFolder("chapter3-users") { folder in
                let testStore = UserStorage(folder: folder)
                let seenInside = try await withinTimeLimit { watch in
                    await UserStorage.replacingShared(with: testStore) {
                        watch.bodyBegan()
                        defer { watch.bodyEnded() }
                        return UserStorage.shared
                    }
                }
                #expect(
                    seenInside === testStore,
                    """
                    Inside `replacingShared(with:_:)`, `UserStorage.shared` was not the test's store: the \
                    scope does not replace the shared store yet. `shared` must be able to change, through \
                    the scope.
                    """)
            }

            let assignment = """
                func replaceForGood(with store: UserStorage) {
                    UserStorage.shared = store
                }
                """
            let why = """
                A setter is the risky cure of the lesson: whoever sets the app's store must remember to put \
                the original back, also when a test fails halfway, and nothing makes them. Keep `shared` \
                get-only, and let tests change it only through the scope.
                """
            await expectDoesNotCompile(
                assignment, mentioning: "cannot assign to property",
                "Code in other modules can assign `UserStorage.shared`. \(why)")
            await expectDoesNotCompile(
                assignment, mentioning: "cannot assign to property", from: .insideTheModule,
                """
                Code inside the chapter's module can assign `UserStorage.shared` (an `internal(set)` still \
                lets the whole app do it). \(why)
                """)
            await expectDoesNotCompile(
                assignment, mentioning: "cannot assign to property", in: .release, from: .insideTheModule,
                "In a release build, code of the app can assign `UserStorage.shared`. \(why)")
        }

        @Test("The scope uses the test's store as it is: users already in it stay, and count")
        func replacementIsUsedAsItIs() async throws {
            let ada = User(name: "Ada \(UUID().uuidString)")
            try await withTemporaryFolder("chapter3-users") { folder in
                let testStore = UserStorage(folder: folder)
                try testStore.saveUser(ada)
                let (accepted, inPlace) = try await withinTimeLimit { watch in
                    try await UserStorage.replacingShared(with: testStore) {
                        watch.bodyBegan()
                        defer { watch.bodyEnded() }
                        return (try UserManager().registerUser(name: ada.name), UserStorage.shared === testStore)
                    }
                }
                #expect(
                    inPlace,
                    """
                    Inside `replacingShared(with:_:)`, `UserStorage.shared` was not the test's store: the scope \
                    must put in place the very store it is given, with the users already in it.
                    """)
                #expect(
                    accepted == false,
                    """
                    The test's store already held \(ada.name.prefix(3)) when the scope began, yet registering that \
                    name inside the scope was accepted. The scope must put the store in place as the test \
                    gave it, with the users already in it: handing a store that already holds a user is how a \
                    test checks that a taken name is refused. A scope that empties, or swaps for a fresh one, \
                    the store it is given makes that test impossible.
                    """)
                #expect(
                    try testStore.fetchUser(named: ada.name) == ada,
                    "After the scope, the user saved in the test's store before it is gone: the scope emptied the store."
                )
            }
        }

        @Test("No public declaration other than the scope can change which store is shared")
        func noOtherPublicWayToSwap() async throws {
            // The scope is the one way: it must work, and nothing else may.
            let swapped = try await withTemporaryFolder("chapter3-users") { folder in
                let testStore = UserStorage(folder: folder)
                return try await withinTimeLimit { watch in
                    await UserStorage.replacingShared(with: testStore) {
                        watch.bodyBegan()
                        defer { watch.bodyEnded() }
                        return UserStorage.shared === testStore
                    }
                }
            }
            #expect(
                swapped,
                """
                The scope does not put the test's store in place yet, so it is not the way to change the \
                shared store that this rule leaves open. Step 2 first: `replacingShared(with:_:)` swaps the \
                store, and nothing else public does.
                """)
            let declarations = try await ModuleInterface.declarations(visibleFrom: .anotherModule)
            // What may mention the store's type: `shared` (read-only, checked above) and the scope.
            let backDoors = declarations.filter { symbol in
                guard symbol.path.count == 2 || symbol.path.count == 1 else { return false }
                let isStatic = symbol.kind.hasPrefix("swift.type.") || symbol.path.count == 1
                let mentionsAStore =
                    symbol.declaration.contains("UserStorage") || symbol.declaration.contains("Mutex")
                    || symbol.declaration.contains("Atomic")
                // The scope in either spelling: with an `isolation:` parameter, or `nonisolated(nonsending)`.
                let allowed = [
                    "UserStorage.shared", "UserStorage.replacingShared(with:isolation:_:)",
                    "UserStorage.replacingShared(with:_:)",
                ]
                return isStatic && mentionsAStore && !allowed.contains(symbol.name) && symbol.kind != "swift.class"
            }
            #expect(
                backDoors.isEmpty,
                """
                Other modules can reach what `shared` returns by another way: \
                \(backDoors.map { "`\($0.name)`, \($0)" }.joined(separator: "; ")). Any module of the app could \
                then swap the app's store, in a release build too, where no scope exists. Keep whatever holds \
                the current store `private` or `internal`: only `shared` (to read it) and the debug-only scope \
                (to replace it for a while) are public.
                """)
        }

        @Test("Tasks reading UserStorage.shared while scopes replace it always get a whole store")
        func readsWhileScopesReplace() async throws {
            let appStore = UserStorage.shared
            let seen = try await withTemporaryFolder("chapter3-users") { folder in
                // Nothing is ever saved in these stores, so their folders are never created.
                let stores = (0..<4).map { UserStorage(folder: folder.appendingPathComponent("store-\($0)")) }
                return try await withinTimeLimit(.seconds(60)) { watch in
                    try await Self.readWhileReplacing(stores: stores, appStore: appStore, watch: watch)
                }
            }

            #expect(
                seen.scopesWithTheirOwnStore == Self.scopeCount,
                """
                Inside \(Self.scopeCount - seen.scopesWithTheirOwnStore) of \(Self.scopeCount) scopes, \
                `UserStorage.shared` was not the scope's store: the scope does not put its store in place.
                """)
            #expect(
                seen.strangeReads == 0,
                """
                \(seen.strangeReads) reads of `UserStorage.shared`, made outside any scope while scopes came \
                and went, gave a store that was neither the app's nor a scope's.
                """)
            #expect(
                UserStorage.shared === appStore,
                "After the scopes, `UserStorage.shared` should be the app's own store again.")
        }

        /// Scopes opened one after another in ``readsWhileScopesReplace()``: each swaps twice.
        static let scopeCount = 1000

        /// Tasks that read `UserStorage.shared` in ``readsWhileScopesReplace()`` while the scopes run.
        static let readerCount = 3

        /// What the readers and the scopes of ``readsWhileScopesReplace()`` saw.
        struct ReadsWhileReplacing: Sendable {
            var scopesWithTheirOwnStore = 0
            var strangeReads = 0
        }

        /// One task opens ``scopeCount`` scopes in a row, while reader threads, outside any scope, read
        /// `UserStorage.shared` over and over. Any code of the app may read `shared` at any moment,
        /// so this must be safe: with an unprotected slot it is a data race, and the race check names
        /// it. Thread Sanitizer sees a race only where a read follows a swap with nothing in between
        /// that orders them, so the reads and the swaps must really overlap, however busy the machine
        /// is: the scopes begin once every reader is reading, the first scopes each wait until the
        /// readers have read again, and the readers go on until the scopes are over. The readers are
        /// threads of their own, not tasks: tasks that take turns on the runtime's shared threads are
        /// ordered by each hand-over, and on a busy machine that hid the race in some runs.
        static func readWhileReplacing(
            stores: [UserStorage], appStore: UserStorage, watch: ScopeWatch
        ) async throws -> ReadsWhileReplacing {
            let progress = ReadingProgress()
            // A reader or the scopes never wait longer than this, should the other side never come.
            let giveUp = ContinuousClock.now + .seconds(50)
            for _ in 0..<readerCount {
                Thread {
                    progress.readersReading.add(1, ordering: .relaxed)
                    var strangeReads = 0
                    // Relaxed atomics on purpose: they add no ordering that could hide a race.
                    while !progress.scopesAreOver.load(ordering: .relaxed) && .now < giveUp {
                        for _ in 0..<50 {
                            let store = UserStorage.shared
                            if store !== appStore && !stores.contains(where: { $0 === store }) {
                                strangeReads += 1
                            }
                        }
                        progress.reads.add(50, ordering: .relaxed)
                    }
                    progress.strangeReads.add(strangeReads, ordering: .relaxed)
                    // Releasing: what this reader counted is seen by whoever sees it finished.
                    progress.readersFinished.add(1, ordering: .releasing)
                }.start()
            }

            var seen = ReadsWhileReplacing()
            while progress.readersReading.load(ordering: .relaxed) < readerCount && .now < giveUp {
                await Task.yield()
            }
            for round in 0..<scopeCount {
                let store = stores[round % stores.count]
                let ownStore = await UserStorage.replacingShared(with: store) {
                    watch.bodyBegan()
                    defer { watch.bodyEnded() }
                    return UserStorage.shared === store
                }
                if ownStore { seen.scopesWithTheirOwnStore += 1 }
                if round < 10 { progress.waitForMoreReads() }
            }
            progress.scopesAreOver.store(true, ordering: .relaxed)
            while progress.readersFinished.load(ordering: .acquiring) < readerCount {
                try await Task.sleep(for: .milliseconds(1))
            }
            seen.strangeReads = progress.strangeReads.load(ordering: .relaxed)
            return seen
        }

        /// How far the readers and the scopes of ``readsWhileScopesReplace()`` have got.
        final class ReadingProgress: Sendable {
            let readersReading = Atomic(0)
            let reads = Atomic(0)
            let scopesAreOver = Atomic(false)
            let strangeReads = Atomic(0)
            let readersFinished = Atomic(0)

            /// Returns once the readers have read again, or after a fifth of a second. It spins
            /// instead of awaiting: an `await` here would order the scopes' swaps before the reads
            /// that follow, and hide the race this test is there to show.
            func waitForMoreReads() {
                let before = reads.load(ordering: .relaxed)
                let giveUp = ContinuousClock.now + .milliseconds(200)
                while reads.load(ordering: .relaxed) == before && .now < giveUp {}
            }
        }
    }
}
