import Chapter6
import Testing
import WorkbookSupport

@Suite("Nobody can reach the locator without being given it")
struct NoSharedLocatorTests {
    @Test("ServiceLocator has no static shared instance")
    func noSharedInstance() async {
        await expectDoesNotCompile(
            """
            func reachForTheLocator() -> ServiceLocator {
                ServiceLocator.shared
            }
            """,
            mentioning: "has no member 'shared'",
            """
            Any code can still reach for `ServiceLocator.shared`, so any screen can depend on the locator \
            without saying so. Delete `shared`: the app keeps its one locator and passes it to the \
            factories that need it.
            """)
    }
}
