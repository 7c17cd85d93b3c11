import Chapter6
import Testing
import WorkbookSupport

@Suite("Nobody can reach the locator without being given it")
struct NoSharedLocatorTests {
    /// Code that reaches for the locator without being given one.
    private let reachForTheLocator = """
        func reachForTheLocator() -> ServiceLocator {
            ServiceLocator.shared
        }
        """

    @Test("ServiceLocator has no static shared instance")
    func noSharedInstance() async {
        await expectDoesNotCompile(
            reachForTheLocator,
            mentioning: "'shared'",
            """
            Code in other modules can still reach for `ServiceLocator.shared`, so any screen can depend \
            on the locator without saying so. Delete `shared`: the app keeps its one locator and passes it \
            to the factories that need it.
            """)
        await expectDoesNotCompile(
            reachForTheLocator,
            mentioning: "'shared'",
            from: .insideTheModule,
            """
            Code in the chapter's own module can still reach for `ServiceLocator.shared`: a `shared` that \
            is `internal` (or otherwise hidden from other modules only) is still a static that any screen \
            of the app can use without saying so. Delete it.
            """)
    }
}
