// TODO: Step 3. This seam is for tests, yet a release build of the app has it too, so shipping code
// could swap the app's store. Compile it into debug builds only.
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
        // TODO: Step 2. Nothing is replaced yet: the body runs against the app's real store. Put
        // `replacement` in place of the shared store for the body, and put the original back
        // afterwards however the body ends.
        // TODO: Step 4. Swift Testing runs tests in parallel, so two tests can be inside a scope
        // at the same moment and swap each other's store away. Run the whole scope, from the swap
        // to the restore, inside `oneScopeAtATime`.
        return try await body()
    }

    /// Lets one scope through at a time, for the whole of its body, `await`s included. Ready to
    /// use: `try await oneScopeAtATime.run { … }`.
    private static let oneScopeAtATime = ScopeGate()
}
