import Testing
import WorkbookSupport

@Suite("A release build runs with the live environment, and nothing can change it")
struct ReleaseBuildTests {
    /// Code that overrides the environment the way a test does.
    private let scopedOverride = """
        func overrideTheEnvironment() async {
            await withEnvironment { $0 = .mock } operation: {}
        }
        """

    @Test("In a release build, Current cannot be assigned")
    func currentIsReadOnlyInRelease() async {
        await expectDoesNotCompile(
            """
            func replaceTheEnvironment() {
                Current = .mock
            }
            """,
            mentioning: "cannot assign",
            in: .release,
            """
            In a release build, any code can still assign Current: one stray line could send the \
            shipping app to the mock database. Only debug builds may change the environment.
            """)
    }

    @Test("withEnvironment exists in debug builds only")
    func overridesAreForDebugBuilds() async {
        await expectCompiles(
            scopedOverride,
            in: .debug,
            "Tests are debug builds: they must be able to override the environment with withEnvironment.")
        await expectDoesNotCompile(
            scopedOverride,
            mentioning: "withEnvironment",
            in: .release,
            """
            In a release build, withEnvironment can still replace the environment. Overrides are for \
            tests and previews: keep withEnvironment inside #if DEBUG.
            """)
    }
}
