import Chapter7
import Testing

/// A test trait that runs a test inside an environment override:
///
///     @Test(.environment { $0.now = { fixedDate } })
///     func showsTheRightTime() { … }
///
/// The override is part of the test's declaration, so the test's body holds only the test.
struct EnvironmentTrait: TestTrait, TestScoping {
    /// What the trait changes in the environment the test starts from.
    let change: @Sendable (inout Environment) -> Void

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // Swift Testing runs the test inside `function`, in this very task, so the task-local
        // override reaches the test and every task the test starts.
        // The mistake: a detached task starts with no task-local values at all.
        try await withEnvironment(change) {
            try await Task.detached { try await function() }.value
        }
    }
}

extension Trait where Self == EnvironmentTrait {
    /// Runs the test with `Current` changed by `change`.
    static func environment(_ change: @escaping @Sendable (inout Environment) -> Void) -> Self {
        EnvironmentTrait(change: change)
    }
}
