import Chapter1
import Testing
import WorkbookSupport

@Suite("There is one board, and only one")
struct OneBoardTests {
    @Test("Every access to MessageBoard.shared gives the same board")
    func sameBoardEveryTime() {
        let first = MessageBoard.shared
        let second = MessageBoard.shared
        #expect(
            first === second,
            "MessageBoard.shared gave two different boards. A singleton hands out the one instance it owns.")
    }

    @Test("Many tasks reaching for the board at the same moment all get the same one")
    func sameBoardUnderConcurrentAccess() async {
        // Every board stays alive until the end: two boards alive at once never share an address,
        // so counting identities is exact.
        let boards = await withTaskGroup(of: MessageBoard.self) { group in
            for _ in 0..<200 {
                group.addTask { MessageBoard.shared }
            }
            return await group.reduce(into: [MessageBoard]()) { $0.append($1) }
        }
        let distinct = Set(boards.map(ObjectIdentifier.init)).count
        #expect(
            distinct == 1,
            "200 concurrent accesses to MessageBoard.shared gave \(distinct) different boards instead of one.")
    }

    @Test("Code outside the module cannot make a second board")
    func noSecondBoard() async {
        await expectDoesNotCompile(
            """
            func makeAnotherBoard() -> MessageBoard {
                MessageBoard()
            }
            """,
            mentioning: "inaccessible",
            """
            Outside the module, `MessageBoard()` still makes a second board. A singleton forbids \
            that: only the type itself may create its instance.
            """)
    }
}
