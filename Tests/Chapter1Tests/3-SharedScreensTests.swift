import Chapter1
import Foundation
import Testing
import WorkbookSupport

extension PostingToTheBoard {
    @Suite("Two screens share state through the board")
    @MainActor
    struct SharedScreensTests {
        @Test("A message posted on the home screen shows on the settings screen")
        func homeToSettings() async {
            let message = "See you at the meetup (\(UUID().uuidString))"
            await HomeScreen().post(message)

            let settings = SettingsScreen()
            await settings.load()
            guard !settings.shownMessages.contains(message) else { return }
            let onTheSharedBoard = await messagesOnTheSharedBoard().contains(message)
            Issue.record(
                onTheSharedBoard
                    ? """
                    The home screen's message is on MessageBoard.shared, but the settings screen does not \
                    show it: the settings screen reads another board. Let it load from MessageBoard.shared.
                    """
                    : """
                    The settings screen does not show what the home screen posted, and the message is not on \
                    MessageBoard.shared either: the home screen posts to another board, or its post never \
                    reaches the list. Let both screens go through MessageBoard.shared, and let `post` add \
                    every message it sends.
                    """)
        }

        @Test("The settings screen shows the board as it is each time it loads")
        func reloadShowsNewPosts() async {
            let run = UUID().uuidString
            let before = "Before the first load (\(run))"
            let after = "After the first load (\(run))"
            let home = HomeScreen()
            let settings = SettingsScreen()
            await home.post(before)
            await settings.load()
            await home.post(after)
            await settings.load()

            #expect(
                settings.shownMessages.contains(before) && settings.shownMessages.contains(after),
                """
                A message was posted, the settings screen loaded, another was posted, and the screen loaded \
                again: it should now show both, and it shows \
                \(settings.shownMessages.contains(after) ? "only the second" : settings.shownMessages.contains(before) ? "only the first" : "neither"). \
                Each load reads the board afresh: a screen that keeps what it loaded once shows a stale list.
                """)
        }

        @Test("The home screen posts to MessageBoard.shared")
        func homePostsToTheSingleton() async {
            let message = "Dinner is at eight (\(UUID().uuidString))"
            await HomeScreen().post(message)

            let onTheBoard = await messagesOnTheSharedBoard()
            #expect(
                onTheBoard.contains(message),
                """
                What the home screen posted is not on MessageBoard.shared, so the home screen posts to \
                some other board. Route the screen through the singleton.
                """)
        }

        @Test("The settings screen lists the messages oldest first")
        func oldestFirst() async {
            let run = UUID().uuidString
            let first = "First: doors open at seven (\(run))"
            let second = "Then: the talk starts at half past (\(run))"
            let home = HomeScreen()
            await home.post(first)
            await home.post(second)

            let settings = SettingsScreen()
            await settings.load()
            let shown = settings.shownMessages
            let firstPlace = shown.firstIndex(of: first)
            let secondPlace = shown.firstIndex(of: second)
            #expect(
                firstPlace != nil && secondPlace != nil,
                """
                The home screen posted two messages and the settings screen shows \
                \(firstPlace == nil && secondPlace == nil ? "neither" : "only one") of them.
                """)
            if let firstPlace, let secondPlace {
                #expect(
                    firstPlace < secondPlace,
                    """
                    The settings screen shows the later message above the earlier one. The board keeps its \
                    messages oldest first: add each new post at the end.
                    """)
            }
        }

        @Test("Each load shows every message posted so far, oldest first, repeats included, however many")
        func everyLoadShowsTheWholeBoard() async {
            await expectRule(
                "each time a settings screen loads, it shows every message the home screens have posted so far, "
                    + "oldest first, each as often as it was posted, however many there are, an empty one too, "
                    + "also when it loads twice at once",
                boundaries: BoardStep.boundaries,
                generated: 20,
                generate: BoardStep.scenario(using:),
                shrink: { Shrink.sequence($0, simplifyingStep: BoardStep.simpler) },
                tell: BoardStep.tell,
                // Every post takes 20 ms to send: past five seconds, a shorter story is not worth the wait.
                shrinkingBudget: .seconds(5),
                check: { steps in
                    await Self.firstDifference(running: steps)
                }
            )
        }

        /// Runs `steps` with fresh screens; returns what the first load that differs from the model
        /// showed, or `nil`. The model is the list of what was posted, in order.
        static func firstDifference(running steps: [BoardStep]) async -> String? {
            // Other runs' messages are on the same board: this run's carry a tag, and only those count.
            // An empty message cannot carry one: only this test posts empty messages, one scenario at
            // a time, so those posted since the scenario began are its own.
            let tag = " [\(UUID().uuidString)]"
            let start = await boardMessages().count
            let homes = [HomeScreen(), HomeScreen()]
            let settings = [SettingsScreen(), SettingsScreen()]
            var posted: [String] = []
            for step in steps {
                switch step {
                case .post(let home, let text):
                    await homes[home].post(text.isEmpty ? "" : text + tag)
                    posted.append(text)
                case .crowd(let count):
                    // Other screens' messages, at once: not this run's, so the model leaves them out.
                    await withTaskGroup(of: Void.self) { group in
                        for number in 1...count {
                            group.addTask { await MessageBoard.shared.post("Elsewhere \(number)") }
                        }
                    }
                case .load(let screen), .loadsAtOnce(let screen):
                    if case .loadsAtOnce = step {
                        let screen = settings[screen]
                        async let first: Void = screen.load()
                        async let second: Void = screen.load()
                        _ = await (first, second)
                    } else {
                        await settings[screen].load()
                    }
                    let shown = settings[screen].shownMessages.dropFirst(start).filter {
                        $0.hasSuffix(tag) || $0.isEmpty
                    }
                    .map { $0.isEmpty ? "" : String($0.dropLast(tag.count)) }
                    if shown != posted {
                        return "the settings screen that loaded after \(posted.count) post(s) shows "
                            + "\(BoardStep.list(shown)) instead of \(BoardStep.list(posted))."
                    }
                }
            }
            return nil
        }

        /// Reads the board from outside any actor, as a background task would: the read needs
        /// `await` whether the board is guarded by a lock, an actor or the main actor.
        nonisolated func messagesOnTheSharedBoard() async -> [String] {
            await Self.boardMessages()
        }

        /// The same read, for the rule's scenarios.
        nonisolated static func boardMessages() async -> [String] {
            await MessageBoard.shared.messages
        }
    }
}

@Suite("The global board is gone")
struct GlobalBoardGoneTests {
    @Test("No global board is left beside MessageBoard.shared")
    func globalIsGone() async {
        await expectDoesNotCompile(
            """
            func theOtherBoard() -> MessageBoard {
                messageBoard
            }
            """,
            mentioning: "cannot find 'messageBoard' in scope",
            from: .insideTheModule,
            """
            The global constant `messageBoard` is still in the module. Whether a screen uses it or not, \
            it is a second board beside `MessageBoard.shared`, made at launch: any file may post to it \
            and nobody would see. Delete it, so that the singleton is the only board there is.
            """)
    }
}

/// One thing that happens in the app, for the rule about what the settings screen shows.
enum BoardStep: Equatable, Sendable {
    /// Home screen 0 or 1 posts a text (the same text may come again).
    case post(home: Int, text: String)
    /// Settings screen 0 or 1 loads.
    case load(screen: Int)
    /// Settings screen 0 or 1 loads twice at once (a second refresh before the first is done).
    case loadsAtOnce(screen: Int)
    /// Other screens post `count` messages at once, not this scenario's.
    case crowd(count: Int)

    static let texts = ["Doors open at seven", "Talk at half past", "Pizza at nine", "Last train at midnight", ""]

    /// Always checked: nothing posted; one post; the same words twice from two screens; a screen
    /// that loads again after a new post; 21 posts, past any "latest twenty"; an empty message; a
    /// post followed by 1,000 from elsewhere, past any "latest hundred" or "latest thousand"; a
    /// screen that loads twice at once, before and after a new post.
    static let boundaries: [[BoardStep]] = [
        [.load(screen: 0)],
        [.post(home: 0, text: texts[0]), .load(screen: 0)],
        [.post(home: 0, text: texts[0]), .post(home: 1, text: texts[0]), .load(screen: 1)],
        [.post(home: 0, text: texts[0]), .load(screen: 0), .post(home: 1, text: texts[1]), .load(screen: 0)],
        (1...21).map { .post(home: $0 % 2, text: "Notice \($0)") } + [.load(screen: 0)],
        [.post(home: 0, text: texts[1]), .post(home: 1, text: ""), .load(screen: 0)],
        [.post(home: 0, text: texts[2]), .crowd(count: 1_000), .load(screen: 0)],
        [
            .post(home: 0, text: texts[0]), .loadsAtOnce(screen: 0), .post(home: 1, text: texts[1]),
            .loadsAtOnce(screen: 0),
        ],
    ]

    static func scenario(using random: inout SeededRandom) -> [BoardStep] {
        let count = random.intNearEdges(in: 1...8)
        var steps = (0..<count).map { _ in
            random.chance(0.6)
                ? BoardStep.post(home: random.int(in: 0...1), text: random.pick(texts))
                : random.chance(0.25)
                    ? .loadsAtOnce(screen: random.int(in: 0...1)) : .load(screen: random.int(in: 0...1))
        }
        steps.append(.load(screen: random.int(in: 0...1)))
        return steps
    }

    /// A simpler step: the first screen.
    static func simpler(_ step: BoardStep) -> [BoardStep] {
        switch step {
        case .post(let home, let text): home != 0 ? [.post(home: 0, text: text)] : []
        case .load(let screen): screen != 0 ? [.load(screen: 0)] : []
        case .loadsAtOnce(let screen): [.load(screen: screen)]
        case .crowd(let count): count > 1 ? [.crowd(count: count / 10)] : []
        }
    }

    /// The scenario in words, a line a step; a long run of posts is told in one line.
    static func tell(_ steps: [BoardStep]) -> String {
        var lines: [String] = []
        var posted: [String] = []
        var index = 0
        while index < steps.count {
            var run: [String] = []
            while index + run.count < steps.count, case .post(_, let text) = steps[index + run.count] {
                run.append(text)
            }
            if run.count > 4 {
                lines.append("The home screens post \(run.count) messages, \"\(run[0])\" to \"\(run[run.count - 1])\".")
                posted += run
                index += run.count
                continue
            }
            switch steps[index] {
            case .post(let home, let text):
                posted.append(text)
                lines.append("\(home == 0 ? "A" : "Another") home screen posts \"\(text)\".")
            case .load(let screen):
                lines.append("\(screen == 0 ? "A" : "Another") settings screen loads: it should show \(list(posted)).")
            case .loadsAtOnce(let screen):
                lines.append(
                    "\(screen == 0 ? "A" : "Another") settings screen loads twice at once: it should show "
                        + "\(list(posted)).")
            case .crowd(let count):
                lines.append("Other screens post \(count) messages of their own at once.")
            }
            index += 1
        }
        return numberedSteps(lines)
    }

    static func list(_ messages: [String]) -> String {
        guard !messages.isEmpty else { return "no message" }
        guard messages.count <= 6 else {
            return "\(messages.count) messages, from \"\(messages[0])\" to \"\(messages[messages.count - 1])\""
        }
        return messages.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
