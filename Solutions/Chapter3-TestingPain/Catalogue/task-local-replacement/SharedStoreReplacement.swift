// The seam tests use to give the legacy code a store of their own. It is compiled into debug
// builds only: a release build of the app has no way to swap its store, not even by mistake.
#if DEBUG
    extension UserStorage {
        /// Runs `body` with `replacement` in place of `UserStorage.shared`, then puts the original
        /// back, also when `body` throws. Inside the scope, `UserStorage.shared` is `replacement`
        /// itself.
        ///
        /// The replacement is task-local: it is seen by the body and the tasks it starts, not by
        /// other tasks, so scopes of tests running in parallel do not see each other's stores.
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
            // Each scope has its own `shared`, in its own task: scopes may run at the same time, so no
            // gate is needed.
            try await $replacementInThisTask.withValue(replacement) {
                try await body()
            }
        }

    }
#endif
