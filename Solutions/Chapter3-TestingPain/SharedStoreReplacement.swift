// The seam tests use to give the legacy code a store of their own. It is compiled into debug
// builds only: a release build of the app has no way to swap its store, not even by mistake.
#if DEBUG
    nonisolated extension UserStorage {
        /// Runs `body` with `replacement` in place of `UserStorage.shared`, then puts the original
        /// back, also when `body` throws. Inside the scope, `UserStorage.shared` is `replacement`
        /// itself.
        ///
        /// Only one scope runs at a time in the whole process: a scope that starts while another
        /// is running waits until that one has ended. Do not start a scope inside another one: the
        /// inner one would wait for the outer one forever.
        ///
        /// Debug builds only, for tests.
        public static func replacingShared<Outcome>(
            with replacement: UserStorage,
            isolation: isolated (any Actor)? = #isolation,
            _ body: () async throws -> Outcome
        ) async rethrows -> Outcome {
            // Swift Testing runs tests in parallel, across suites too. The whole scope runs inside
            // the gate, the swap and the restore included: a scope that swapped before its turn
            // would pull the store from under the body that is running.
            try await oneScopeAtATime.run {
                let original = sharedSlot.withLock { current in
                    defer { current = replacement }
                    return current
                }
                // `defer` runs however the body ends: by returning or by throwing.
                defer { sharedSlot.withLock { $0 = original } }
                return try await body()
            }
        }

        /// Lets one scope through at a time, for the whole of its body, `await`s included.
        private static let oneScopeAtATime = ScopeGate()
    }
#endif
