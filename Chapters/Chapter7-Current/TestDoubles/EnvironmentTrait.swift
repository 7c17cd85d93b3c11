import Chapter7
import Testing

/// A test trait that runs a test inside an environment override:
///
///     @Test(.environment { $0.now = { fixedDate } })
///     func showsTheRightTime() { … }
///
/// The override is part of the test's declaration, so the test's body holds only the test.
nonisolated struct EnvironmentTrait: TestTrait, TestScoping {
    /// What the trait changes in the environment the test starts from.
    let change: @Sendable (inout Environment) -> Void

    // `@concurrent`, as `TestScoping` declares it: where NonisolatedNonsendingByDefault is on (an
    // Xcode 26 app target), a plain `async` function type runs on its caller's actor instead.
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        // TODO: Step 6. The test runs, but in the ordinary environment: the trait's change is
        // never applied. Run `function` inside the override.
        try await function()
    }
}

nonisolated extension Trait where Self == EnvironmentTrait {
    /// Runs the test with `Current` changed by `change`.
    static func environment(_ change: @escaping @Sendable (inout Environment) -> Void) -> Self {
        EnvironmentTrait(change: change)
    }
}
