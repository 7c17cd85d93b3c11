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
}
