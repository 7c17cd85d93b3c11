import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookVerify

@Suite("The mutation ledger, MUTANTS.md, and the sweep's verdicts and samples")
struct MutationLedgerTests {
    let chapter = Chapter(number: 1, title: "Board", folder: "Chapter1-Board")

    /// A workbook of one chapter in `folder`: a solution file, a test file, a manifest whose
    /// entry says whether the chapter has a ledger.
    func makeWorkbook(in folder: URL, declared: Bool) throws -> Workbook {
        let files = [
            "Package.swift":
                "let chapters = [\n    Chapter(number: 1, folder: \"Chapter1-Board\"\(declared ? ", hasMutationLedger: true" : "")),\n]\n",
            "Chapters/Chapter1-Board/Board.swift": "// TODO\n",
            "Solutions/Chapter1-Board/Board.swift": "let limit = 3\n",
            "Solutions/Chapter1-Board/Catalogue/README.md": "# Catalogue\n",
            "Tests/Chapter1Tests/1-BoardTests.swift": "import Testing\n",
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return try Workbook(root: folder)
    }

    func ledger(_ workbook: Workbook, survivors: [MutationLedger.Survivor]) -> MutationLedger {
        MutationLedger(
            fingerprint: MutationLedger.fingerprint(of: chapter, in: workbook),
            learner: .init(mutants: 5, killedByCompiler: 1, killedByTests: 3, survived: 1), given: .init(),
            survivors: survivors)
    }

    @Test("A ledger reads back as written, a '|' in a mutant's name, scopes and scores included")
    func roundTrip() throws {
        let written = MutationLedger(
            fingerprint: .init(
                solution: String(repeating: "a", count: 64), tests: String(repeating: "b", count: 64),
                mutants: String(repeating: "c", count: 64)),
            learner: .init(mutants: 4, killedByCompiler: 1, killedByTests: 2, survived: 1),
            given: .init(mutants: 3, killedByCompiler: 0, killedByTests: 2, survived: 1),
            survivors: [
                .init(id: "Board.swift:3 '||' → '&&'", scope: .learner, reason: "Both sides are always true."),
                .init(id: "Board.swift:9 1 → 2", scope: .given, reason: "Gap: only a release build differs."),
            ],
            operators: [.init(kind: .logical, learnerMade: 2, learnerKilled: 1, givenMade: 0, givenKilled: 0)])
        let text = written.render(chapter: chapter)
        #expect(
            text.contains(
                "- The learner's lines: 4 mutants; killed by the compiler: 1; killed by a test: 2; survived: 1, 0 of them a gap; score: 2 of 2 (100%)"
            ))
        #expect(
            text.contains(
                "- Given code: 3 mutants; killed by the compiler: 0; killed by a test: 2; survived: 1, 1 of them a gap; score: 2 of 3 (66%)"
            ))
        #expect(text.contains("| `Board.swift:3 '\\|\\|' → '&&'` | learner's | Both sides are always true. |"))
        #expect(text.contains("| logical | 1 of 2 | – |"))
        let read = try #require(MutationLedger.parse(text))
        #expect(read.fingerprint == written.fingerprint)
        #expect(read.survivors == written.survivors)
        #expect(read.learner == written.learner && read.given == written.given)
    }

    @Test("Writing anew keeps the reasons of survivors still there, drops the others, and marks new ones TODO")
    func keepsReasons() {
        let previous = MutationLedger(
            fingerprint: .init(solution: "old", tests: "old"), learner: .init(), given: .init(),
            survivors: [.init(id: "A.swift:1 true → false", reason: "Never read."), .init(id: "gone", reason: "x")])
        func mutant(_ id: String, _ scope: Mutant.Scope) -> Mutant {
            Mutant(file: "A.swift", line: 1, kind: .boolean, change: "", text: "", id: id, scope: scope)
        }
        let updated = MutationLedger.updated(
            previous, fingerprint: .init(solution: "new", tests: "new"), learner: .init(), given: .init(),
            survivors: [mutant("A.swift:1 true → false", .given), mutant("A.swift:9 3 → 4", .learner)])
        #expect(
            updated.survivors == [
                .init(id: "A.swift:1 true → false", scope: .given, reason: "Never read."),
                .init(id: "A.swift:9 3 → 4", scope: .learner, reason: MutationLedger.todo),
            ])
    }

    @Test("Verify's check: on the learner's lines, gaps above 5% of the non-equivalent mutants are a problem")
    func learnerTarget() throws {
        try withTemporaryFolderSync { folder in
            let workbook = try makeWorkbook(in: folder, declared: true)
            func write(killed: Int, gaps: Int) throws -> [String] {
                var ledger = ledger(
                    workbook,
                    survivors: (0..<gaps).map {
                        .init(id: "Board.swift:1 gap \($0)", scope: .learner, reason: "Gap: x")
                    })
                ledger.learner = .init(mutants: killed + gaps, killedByTests: killed, survived: gaps)
                try ledger.render(chapter: chapter).write(
                    to: folder.appendingPathComponent(MutationLedger.path(of: chapter)), atomically: true,
                    encoding: .utf8)
                return MutationLedger.problems(in: workbook, chapters: workbook.chapters).problems
            }
            #expect(try write(killed: 19, gaps: 1).isEmpty)
            let below = try write(killed: 18, gaps: 2)
            #expect(below.count == 1 && below[0].contains("18 of 20 (90%)"), "\(below)")
        }
    }

    @Test("Given code not under test is counted apart in the page, and never allowed on the learner's lines")
    func notUnderTest() throws {
        try withTemporaryFolderSync { folder in
            let workbook = try makeWorkbook(in: folder, declared: true)
            func write(_ survivors: [MutationLedger.Survivor]) throws -> (text: String, problems: [String]) {
                var ledger = ledger(workbook, survivors: survivors)
                ledger.given = .init(mutants: 3, killedByTests: 2, survived: 1)
                let text = ledger.render(chapter: chapter)
                try text.write(
                    to: folder.appendingPathComponent(MutationLedger.path(of: chapter)), atomically: true,
                    encoding: .utf8)
                return (text, MutationLedger.problems(in: workbook, chapters: workbook.chapters).problems)
            }
            let given = try write([
                .init(id: "Board.swift:9 200 → 201", scope: .given, reason: "Not under test: the network path.")
            ])
            #expect(given.problems.isEmpty, "\(given.problems)")
            #expect(given.text.contains("survived: 1, 0 of them a gap, 1 not under test; score: 2 of 2 (100%)"))
            #expect(MutationLedger.parse(given.text)?.scores.given.notUnderTest == 1)
            let learner = try write([
                .init(id: "Board.swift:1 3 → 4", scope: .learner, reason: "Not under test: mine.")
            ])
            #expect(learner.problems.contains { $0.contains("always under test") }, "\(learner.problems)")
        }
    }

    @Test("Verify's check: a current ledger with every reason given passes; a chapter without one is only named")
    func currentLedger() throws {
        try withTemporaryFolderSync { folder in
            let workbook = try makeWorkbook(in: folder, declared: true)
            let (none, without) = MutationLedger.problems(in: workbook, chapters: workbook.chapters)
            #expect(without.map(\.number) == [1])
            #expect(none.count == 1 && none[0].contains("Package.swift says"), "\(none)")

            try ledger(workbook, survivors: [.init(id: "Board.swift:1 3 → 4", reason: "Nothing reads it.")])
                .render(chapter: chapter)
                .write(
                    to: folder.appendingPathComponent(MutationLedger.path(of: chapter)), atomically: true,
                    encoding: .utf8)
            let (problems, missing) = MutationLedger.problems(in: workbook, chapters: workbook.chapters)
            #expect(problems.isEmpty, "\(problems)")
            #expect(missing.isEmpty)
        }
    }

    @Test("Verify's check: a changed solution or test, a TODO left, or an undeclared ledger is a problem")
    func staleLedger() throws {
        try withTemporaryFolderSync { folder in
            let workbook = try makeWorkbook(in: folder, declared: false)
            try ledger(workbook, survivors: [.init(id: "Board.swift:1 3 → 4", reason: MutationLedger.todo)])
                .render(chapter: chapter)
                .write(
                    to: folder.appendingPathComponent(MutationLedger.path(of: chapter)), atomically: true,
                    encoding: .utf8)
            try "let limit = 4\n".write(
                to: folder.appendingPathComponent("Solutions/Chapter1-Board/Board.swift"), atomically: true,
                encoding: .utf8)
            try "import Testing\n// more\n".write(
                to: folder.appendingPathComponent("Tests/Chapter1Tests/1-BoardTests.swift"), atomically: true,
                encoding: .utf8)
            // The catalogue is not part of the solution's fingerprint.
            try "# Changed\n".write(
                to: folder.appendingPathComponent("Solutions/Chapter1-Board/Catalogue/README.md"), atomically: true,
                encoding: .utf8)
            let (problems, _) = MutationLedger.problems(in: workbook, chapters: workbook.chapters)
            #expect(problems.contains { $0.contains("add `hasMutationLedger: true`") })
            #expect(problems.contains { $0.contains("made from other solution sources") })
            #expect(problems.contains { $0.contains("made from other tests") })
            #expect(problems.contains { $0.contains("`Board.swift:1 3 → 4` survives with no reason") })
            #expect(problems.contains { $0.contains("made from other mutants") })
            #expect(problems.count == 5, "\(problems)")
        }
    }

    @Test("A mutant is killed by the first failing test in lesson order, or by a process that ended badly")
    func verdicts() {
        func test(_ name: String, _ state: TestState, step: Int) -> TestResult {
            TestResult(
                id: name, name: name, file: "Tests/Chapter1Tests/\(step)-T.swift", line: 1, state: state, issues: [],
                step: step)
        }
        let killed = MutationSweep.verdict(
            tests: [test("late", .failed, step: 3), test("early", .timedOut, step: 1), test("ok", .passed, step: 1)],
            ending: .timedOut)
        #expect(killed == .killedByTest("\"early\" timed out"))
        #expect(MutationSweep.verdict(tests: [test("ok", .passed, step: 1)], ending: .exited(0)) == .survived)
        #expect(
            MutationSweep.verdict(tests: [test("ok", .passed, step: 1)], ending: .signalled(11))
                == .killedByTest("the test process was stopped by signal 11"))
        #expect(
            MutationSweep.verdict(tests: [], ending: .exited(0))
                == .killedByTest("the test process exited with status 0"))
    }

    @Test("A sample takes at most K mutants, spread evenly, the same ones every time")
    func sample() {
        let mutants = (1...10).map {
            Mutant(file: "F.swift", line: $0, kind: .boolean, change: "true → false", text: "", id: "F.swift:\($0)")
        }
        #expect(MutationSweep.sample(mutants, limit: 3).map(\.line) == [1, 4, 7])
        #expect(MutationSweep.sample(mutants, limit: 20).count == 10)
        #expect(MutationSweep.sample(mutants, limit: nil).count == 10)
    }
}
