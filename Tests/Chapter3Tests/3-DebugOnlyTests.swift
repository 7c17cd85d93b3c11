import Chapter3
import Testing
import WorkbookSupport

@Suite("The seam for tests stays out of the shipping app")
struct DebugOnlyTests {
    @Test("Only debug builds can replace the shared store")
    func onlyDebugBuildsCanReplace() async {
        let swap = """
            func runAgainst(_ store: UserStorage) async {
                await UserStorage.replacingShared(with: store) {}
            }
            """
        await expectDoesNotCompile(
            swap, mentioning: "has no member 'replacingShared'", in: .release,
            """
            A release build of the app can still swap its store. `replacingShared(with:_:)` is a seam for \
            tests: compile it into debug builds only.
            """)
        await expectDoesNotCompile(
            swap, mentioning: "has no member 'replacingShared'", in: .release, from: .insideTheModule,
            """
            In a release build, the app's own code (in the chapter's module) can still swap its store. Leave \
            nothing of `replacingShared(with:_:)` in a release build, whatever its access level.
            """)
    }
}
