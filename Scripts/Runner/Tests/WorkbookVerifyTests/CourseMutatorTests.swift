import Foundation
import Testing

@testable import WorkbookVerify

@Suite("The course's own mutants: the mistakes the chapters teach, on the learner's lines")
struct CourseMutatorTests {
    /// The mutants of `solution` when the starter is `starter`: (scope, kind, id, text).
    func mutants(_ solution: String, starter: String?, singletons: [String] = []) -> [Mutant] {
        let context = CourseMutator.Context(
            learnerLines: LearnerLines(starter: starter, solution: solution),
            starterCode: starter.map { SourceLine.scan($0).map(\.code) } ?? [], singletons: singletons)
        return Mutator.mutants(of: solution, file: "F.swift", course: context)
    }

    @Test("The learner's lines are those the starter twin does not have; a file with no twin is all the learner's")
    func learnerLines() {
        let starter = "a\nb\nc\nd\n"
        let solution = "a\nB\nc\nd\ne\n"
        let lines = LearnerLines(starter: starter, solution: solution)
        #expect(lines.learner == [1, 4])
        #expect(lines.hunks.map(\.solution) == [1..<2, 4..<5])
        #expect(lines.hunks.map(\.starter) == [["b"], []])
        #expect(LearnerLines(starter: nil, solution: "x\ny\n").learner == [0, 1])
        #expect(LearnerLines(starter: "x\ny\n", solution: "x\ny\n").learner.isEmpty)
    }

    @Test("Mechanical mutants on given lines are given code; the course's operators touch only the learner's lines")
    func scopes() {
        let starter = """
            func given() throws {
                try step()
            }

            """
        let solution =
            starter + """
                func learner() throws {
                    try step()
                }

                """
        let found = mutants(solution, starter: starter)
        #expect(found.first { $0.id == "F.swift:2 removed 'try step()'" }?.scope == .given)
        #expect(found.first { $0.id == "F.swift:5 removed 'try step()'" }?.scope == .learner)
        #expect(found.contains { $0.id == "F.swift:5 'try' → 'try?'" })
        #expect(!found.contains { $0.id == "F.swift:2 'try' → 'try?'" })
    }

    @Test("A step undone puts the starter's code back, and a change of comments alone is not a step")
    func undoneSteps() {
        let starter = """
            struct S {
                // TODO: keep it.
                func f() -> Int { 0 }
                // old words
            }

            """
        let solution = """
            struct S {
                let kept = 1
                func f() -> Int { kept }
                // new words
            }

            """
        let found = mutants(solution, starter: starter).filter { $0.kind == .undoneStep }
        #expect(found.count == 1, "\(found.map(\.id))")
        #expect(found.first?.text == starter)
        let reworded = solution.replacingOccurrences(of: "// new words", with: "// other words")
        #expect(!mutants(reworded, starter: solution).contains { $0.kind == .undoneStep })
    }

    @Test("Reaching for the singleton: an injected property's uses → the chapter's singleton of a like name")
    func singletonReach() {
        let solution = """
            final class Loader {
                private let cache: any ImageCaching
                private let clock: any Clocking
                func load() {
                    cache.insert(1)
                    self.cache.flush()
                    let now = Current.now()
                }
            }

            """
        let found = mutants(solution, starter: nil, singletons: ["ImageCache.shared", "Network.shared"])
        let texts = Dictionary(found.map { ($0.id, $0.text) }, uniquingKeysWith: { a, _ in a })
        #expect(
            texts["F.swift:5 'cache' → 'ImageCache.shared'"]?.contains("        ImageCache.shared.insert(1)\n") == true)
        #expect(
            texts["F.swift:6 'cache' → 'ImageCache.shared'"]?.contains("        ImageCache.shared.flush()\n") == true)
        #expect(texts["F.swift:7 'Current.now()' → 'Date()'"]?.contains("let now = Date()") == true)
        #expect(!found.contains { $0.id.contains("Network.shared") })
        #expect(!found.contains { $0.id.hasPrefix("F.swift:3 ") && $0.kind == .singletonReach })
        #expect(
            CourseMutator.singletons(in: ["let a = ImageCache.shared.get()\nstatic let shared = X()\n"]) == [
                "ImageCache.shared"
            ])
    }

    @Test("Isolation, error paths, memory, access, defaults, keys and debug-only code each have their operator")
    func operators() {
        let solution = """
            @MainActor public final class Screen {
                weak var delegate: Delegate?
                public private(set) var count = 0
                private init(loader: Loader = .live, retries: Int = 3) {}
                static let shared = Screen()
                func go() async throws {
                    try await loader.load()
                    Task { @MainActor in self.count += 1 }
                    nonisolated(unsafe) var x = 1
                    seen[user.name] = user.id
                    try await Env.$current.withValue(other) { work() }
                    throw Failure()
                }
            }
            #if DEBUG
            func backDoor() {}
            #endif

            """
        let found = Set(mutants(solution, starter: nil).map(\.id))
        for expected in [
            "F.swift:1 removed '@MainActor'", "F.swift:2 removed 'weak'", "F.swift:3 removed 'private(set)'",
            "F.swift:4 'private' → 'public'", "F.swift:4 removed '= .live'", "F.swift:4 removed '= 3'",
            "F.swift:5 made 'public'", "F.swift:7 'try' → 'try?'", "F.swift:8 'Task' → 'Task.detached'",
            "F.swift:8 removed '@MainActor in'", "F.swift:9 removed 'nonisolated(unsafe)'",
            "F.swift:10 key 'user.name' → 'user'", "F.swift:10 key 'user.name' → 'user.id'",
            "F.swift:11 'Env.current' bound to itself", "F.swift:12 removed 'throw Failure()'",
            "F.swift:15 '#if DEBUG' block (to line 17) in every build",
        ] {
            #expect(found.contains(expected), "\(expected) in \(found.sorted())")
        }
        let texts = Dictionary(
            mutants(solution, starter: nil).map { ($0.id, $0.text) }, uniquingKeysWith: { a, _ in a })
        #expect(
            texts["F.swift:11 'Env.current' bound to itself"]?.contains("Env.$current.withValue(Env.current) {") == true
        )
        #expect(texts["F.swift:5 made 'public'"]?.contains("    public static let shared = Screen()\n") == true)
        #expect(texts["F.swift:15 '#if DEBUG' block (to line 17) in every build"]?.contains("#") == false)
    }

    @Test(
        "Order across an await: a check's act moved after the wait, later work moved before it; the swap's moves are left to the swap"
    )
    func suspensionOrder() {
        let solution = """
            extension Screen {
                func redeem() async {
                    guard !busy else { return }
                    busy = true
                    log("start")
                    let answer = await server.ask()
                    busy = false
                    show(answer)
                    log("done")
                }
            }

            """
        let found = mutants(solution, starter: nil).filter { $0.kind == .suspensionOrder }
        let ids = Set(found.map(\.id))
        // `busy = true` two statements up, moved after the wait: the check-then-act split.
        #expect(ids.contains("F.swift:4 moved after 'let answer = await server.ask()'"), "\(ids.sorted())")
        let split = found.first { $0.id == "F.swift:4 moved after 'let answer = await server.ask()'" }
        #expect(
            split?.text.contains(
                "        log(\"start\")\n        let answer = await server.ask()\n        busy = true\n") == true)
        // `log("done")` two statements down, moved before it; `show(answer)` uses what the wait
        // declares, so it stays.
        #expect(ids.contains("F.swift:9 moved before 'let answer = await server.ask()'"))
        #expect(!ids.contains { $0.hasPrefix("F.swift:8 moved") })
        // Neighbours are the swap's.
        #expect(!ids.contains { $0.hasPrefix("F.swift:5 moved") || $0.hasPrefix("F.swift:7 moved") })
        #expect(mutants(solution, starter: nil).contains { $0.id == "F.swift:5 swapped with line 6" })
        // The guard is not a simple statement: it stays where it is.
        #expect(!ids.contains { $0.hasPrefix("F.swift:3 ") })
    }

    @Test("Order across an await: work done before a do block moves in after the wait it holds")
    func suspensionOrderIntoDo() {
        let solution = """
            extension Screen {
                func redeem() async {
                    store.take(cost)
                    store.record(redemption)

                    do {
                        let voucher = try await server.confirm()
                        return voucher
                    } catch {
                        store.cancel(redemption)
                    }
                }
            }

            """
        let found = mutants(solution, starter: nil).filter { $0.kind == .suspensionOrder }
        let texts = Dictionary(found.map { ($0.id, $0.text) }, uniquingKeysWith: { a, _ in a })
        let id = "F.swift:4 moved after 'let voucher = try await server.confirm()'"
        #expect(
            texts[id]?.contains(
                "        do {\n            let voucher = try await server.confirm()\n            store.record(redemption)\n"
            ) == true, "\(texts.keys.sorted())")
        #expect(texts.keys.contains("F.swift:3 moved after 'let voucher = try await server.confirm()'"))
    }

    @Test("A computed property read once: one-line and three-line getters become a stored let; requirements stay")
    func capturedOnce() {
        let solution = """
            public nonisolated var Current: Environment { Environment.current }
            protocol P {
                var now: Date { get }
            }
            struct S {
                static var clock: Clock {
                    return Clock.live
                }
            }

            """
        let found = mutants(solution, starter: nil).filter { $0.kind == .capturedOnce }
        let texts = Dictionary(found.map { ($0.id, $0.text) }, uniquingKeysWith: { a, _ in a })
        #expect(
            texts["F.swift:1 'var Current' computed → 'let' stored once"]?.hasPrefix(
                "public nonisolated let Current: Environment = Environment.current\n") == true, "\(texts.keys.sorted())"
        )
        #expect(
            texts["F.swift:6 'var clock' computed → 'let' stored once"]?.contains(
                "    static let clock: Clock = Clock.live\n\n\n}") == true, "\(texts)")
        #expect(found.count == 2)
    }

    @Test("An actor made a final class, and a final class an actor; an open class stays")
    func actorClass() {
        let solution = """
            public actor Cache {}
            public final class Screen {}
            open class Base {}

            """
        let ids = Set(mutants(solution, starter: nil).filter { $0.kind == .actorClass }.map(\.id))
        #expect(ids == ["F.swift:1 'actor' → 'final class'", "F.swift:2 'final class' → 'actor'"])
    }
}
