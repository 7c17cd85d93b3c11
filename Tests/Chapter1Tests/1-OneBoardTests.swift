import Chapter1
import Testing
import WorkbookSupport

@Suite("There is one board, and it is always the same one")
struct OneBoardTests {
    @Test("Every access to MessageBoard.shared gives the same board")
    func sameBoardEveryTime() {
        let first = MessageBoard.shared
        let second = MessageBoard.shared
        #expect(
            first === second,
            """
            MessageBoard.shared gave two different boards. A singleton hands out the one instance it \
            owns; a computed property builds a new one on every access.
            """)
    }

    @Test("Many tasks reaching for the board at the same moment all get the same one")
    func sameBoardUnderConcurrentAccess() async {
        // Every board stays alive until the end: two boards alive at once never share an address,
        // so counting identities is exact.
        let accesses = 1000
        let boards = await withTaskGroup(of: MessageBoard.self) { group in
            for _ in 0..<accesses {
                group.addTask { MessageBoard.shared }
            }
            return await group.reduce(into: [MessageBoard]()) { $0.append($1) }
        }
        let distinct = Set(boards.map(ObjectIdentifier.init)).count
        #expect(
            distinct == 1,
            "\(accesses) concurrent accesses to MessageBoard.shared gave \(distinct) different boards instead of one.")
    }

    @Test("MessageBoard.shared is a stored constant that nobody can replace")
    func sharedIsAStoredConstant() async {
        await expectDoesNotCompile(
            """
            @MainActor
            func replaceTheBoard(with other: MessageBoard) {
                MessageBoard.shared = other
            }
            """,
            mentioning: "'let' constant",
            """
            Make `MessageBoard.shared` a stored `static let`: the runtime creates it once, on first \
            use, however many tasks ask at the same moment, and nobody can reassign it. A computed \
            property runs its code on every access (the starter's builds a new board each time; a \
            hand-written "if nil, create" races when two tasks ask first), and a `var` lets any code \
            put another board in its place.
            """)
    }
}
