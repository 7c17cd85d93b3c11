import Testing
import WorkbookSupport

@Suite("A build you ship runs with the live environment, and nothing can change it")
struct ReleaseBuildTests {
    /// Code that overrides the environment the way a test does.
    private static let scopedOverride = """
        func overrideTheEnvironment() async {
            await withEnvironment { $0 = .mock } operation: {}
        }
        """
    /// Code that replaces the environment for everybody.
    private static let assignment = """
        func replaceTheEnvironment() {
            Current = .mock
        }
        """
    /// Code that binds the task-local value directly, by the names a task-local environment is
    /// given: a static property of `Environment`, or `Current` itself.
    private static let bindings = [
        (
            "$current",
            """
            func bindTheTaskLocal() {
                Environment.$current.withValue(.mock) {}
            }
            """
        ),
        (
            "$Current",
            """
            func bindTheTaskLocal() {
                $Current.withValue(.mock) {}
            }
            """
        ),
    ]

    @Test("In a release build nothing can override the environment; in a debug build withEnvironment can")
    func onlyDebugBuildsOverride() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await expectCompiles(
                    Self.scopedOverride, in: .debug,
                    "Tests are debug builds: they must be able to override the environment with withEnvironment.")
            }
            for place in [SnippetPlace.anotherModule, .insideTheModule] {
                group.addTask {
                    await expectDoesNotCompile(
                        Self.scopedOverride, mentioning: "withEnvironment", in: .release, from: place,
                        """
                        In a release build, withEnvironment can still replace the environment, \(place). \
                        Overrides are for tests and previews: keep withEnvironment inside #if DEBUG.
                        """)
                }
                group.addTask {
                    await expectDoesNotCompile(
                        Self.assignment, mentioning: "cannot assign", in: .debug, from: place,
                        """
                        In a debug build, Current can be assigned, \(place): a setter kept "for previews" \
                        is one value for the whole process again, which every test running beside an \
                        assignment sees. Nothing assigns Current; withEnvironment is the one way to override.
                        """)
                }
                group.addTask {
                    await expectDoesNotCompile(
                        Self.assignment, mentioning: "cannot assign", in: .release, from: place,
                        """
                        In a release build, Current can still be assigned, \(place): one stray line could \
                        send the shipping app to the mock database. Current can only be read; overrides \
                        are scoped, and only debug builds have them.
                        """)
                }
                for (name, binding) in Self.bindings {
                    group.addTask {
                        await expectDoesNotCompile(
                            binding, mentioning: name, in: .release, from: place,
                            """
                            In a release build, code \(place) can still bind the task-local environment \
                            itself, through `\(name)`, and so override the environment without \
                            withEnvironment. Keep the task-local value private to its file: withEnvironment \
                            is then the one way to override, and release builds do not have it.
                            """)
                    }
                }
            }
        }
    }
}
