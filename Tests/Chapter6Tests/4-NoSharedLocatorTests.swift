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
    func noSharedInstance() async throws {
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
        // Whatever its name: a static or a global that hands out a locator is `shared` again.
        for place in [SnippetPlace.anotherModule, .insideTheModule] {
            let otherWays = try await ModuleInterface.declarations(visibleFrom: place).filter { symbol in
                let staticOrGlobal =
                    symbol.kind.hasPrefix("swift.type.") || symbol.kind == "swift.var" || symbol.kind == "swift.func"
                return staticOrGlobal && symbol.produces("ServiceLocator")
            }
            #expect(
                otherWays.isEmpty,
                """
                Code \(place) can still reach a locator without being given one: \
                \(otherWays.map { "`\($0.name)`, \($0)" }.joined(separator: "; ")). A static or a global that \
                hands out a locator, whatever its name, is `shared` under another name. The app keeps its \
                locator in a stored property and passes it to the factories that need it.
                """)
        }
    }
}
