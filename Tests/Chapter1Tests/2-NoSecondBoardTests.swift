import Chapter1
import Testing
import WorkbookSupport

@Suite("Nobody can make a second board")
struct NoSecondBoardTests {
    @Test("Code outside the module cannot make a second board")
    func noSecondBoardOutside() async {
        await expectDoesNotCompile(
            """
            func makeAnotherBoard() -> MessageBoard {
                MessageBoard()
            }
            """,
            mentioning: "inaccessible",
            """
            Outside the module, `MessageBoard()` still makes a second board. A singleton forbids \
            that: only the type itself may create its instance. Make `init()` private.
            """)
    }

    @Test("Code elsewhere in the module cannot make a second board either")
    func noSecondBoardInside() async {
        await expectDoesNotCompile(
            """
            func makeAnotherBoard() -> MessageBoard {
                MessageBoard()
            }
            """,
            mentioning: "inaccessible",
            from: .insideTheModule,
            """
            Another file of the module can still write `MessageBoard()`: declare `private init()`, so \
            that only the type itself makes its one board. An initialiser with no access level, or \
            none at all (the one Swift then writes for you), is `internal`, and every file of the \
            module may call it: that is how the settings screen got a board of its own.
            """)
    }

    @Test("MessageBoard hands out a board through `shared` alone")
    func sharedIsTheOnlyWayIn() async throws {
        // Every declaration there is, rather than the spellings someone thought of: an initialiser
        // with arguments, a factory method, a second static, each a way to a second board.
        for place in [SnippetPlace.anotherModule, .insideTheModule] {
            let otherWays = try await ModuleInterface.declarations(visibleFrom: place).filter { symbol in
                symbol.path.first == "MessageBoard" && symbol.path.count > 1 && symbol.name != "MessageBoard.shared"
                    && symbol.produces("MessageBoard")
            }
            #expect(
                otherWays.isEmpty,
                """
                Code \(place) can get a board from `MessageBoard` without `shared`: \
                \(otherWays.map { "`\($0.name)`, \($0)" }.joined(separator: "; ")). A singleton's type hands \
                out its one instance and nothing else: no other initialiser (whatever its arguments), no \
                factory method, no second static board. Keep `init()` private, and let `shared` be the only \
                member that gives out a board.
                """)
        }
    }
}
