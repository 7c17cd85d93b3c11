import Chapter3
import Testing
import WorkbookSupport

@Suite("The seam for tests stays out of the shipping app")
struct DebugOnlyTests {
    @Test("Only debug builds can replace the shared store, and only for a scope")
    func onlyDebugBuildsCanReplace() async {
        await expectDoesNotCompile(
            """
            func runAgainst(_ store: UserStorage) async {
                await UserStorage.replacingShared(with: store) {}
            }
            """,
            mentioning: "has no member 'replacingShared'",
            in: .release,
            """
            A release build of the app can still swap its store. `replacingShared(with:_:)` is a seam for \
            tests: compile it into debug builds only.
            """)
        await expectDoesNotCompile(
            """
            func replaceForGood(with store: UserStorage) {
                UserStorage.shared = store
            }
            """,
            mentioning: "cannot assign to property",
            """
            Any code can assign `UserStorage.shared`. A public setter is easy to misuse and easy to forget \
            to undo: keep `shared` read-only, and let tests replace it only through the scope.
            """)
    }
}
