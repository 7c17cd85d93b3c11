import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookVerify

/// What the catalogue's check makes of one run of a case's tests (`CatalogueCheck.verdict`).
@Suite("The catalogue's verdict on a run of a case")
struct CatalogueVerdictTests {
    let check = CatalogueCheck(
        mirror: .stub(root: "/w"), chapter: Chapter(number: 4, title: "T", folder: "Chapter4-T"),
        workspace: URL(fileURLWithPath: "/w/.build-verify/catalogue/worker1"))

    func item(_ expectation: Catalogue.Expectation) -> Catalogue.Case {
        Catalogue.Case(
            name: "a-case", isMistake: expectation != .passes, summary: "A case.", expectation: expectation,
            dependsOnTiming: false, line: 7)
    }

    func test(_ name: String, _ state: TestState) -> TestResult {
        TestResult(id: "Chapter4Tests.S/\(name)()", name: name, state: state, issues: [])
    }

    @Test("An alternative holds when every test passes, and is refused naming each test that did not")
    func alternative() {
        #expect(
            check.verdict(item(.passes), tests: [test("A", .passed), test("B", .passed)], ending: .exited(0), run: 1)
                .isEmpty)
        let problems = check.verdict(
            item(.passes), tests: [test("A", .passed), test("B", .failed), test("C", .timedOut)], ending: .timedOut,
            run: 2)
        #expect(problems.first == "run 2 under Thread Sanitizer: an alternative must pass every test, and 2 did not:")
        #expect(
            problems.dropFirst().map { $0.hasPrefix("  failed: B") || $0.hasPrefix("  timed out: C") } == [true, true])
    }

    @Test("A mistake caught by tests holds only when each named test fails; a pass or a crash is named")
    func failingTests() {
        let mistake = item(.failingTests(["A", "B"]))
        #expect(
            check.verdict(
                mistake, tests: [test("A", .failed), test("B", .failed), test("C", .passed)], ending: .exited(1), run: 1
            ).isEmpty)
        #expect(
            check.verdict(mistake, tests: [test("A", .passed), test("B", .crashed)], ending: .signalled(4), run: 3) == [
                "run 3: \"A\" should fail, and it passed", "run 3: \"B\" should fail, and it ended crashed",
            ])
        #expect(
            check.verdict(mistake, tests: [test("A", .failed)], ending: .exited(1), run: 1) == [
                "no test of Chapter 4 is called \"B\""
            ], "A row that names a test the chapter lacks is refused.")
    }

    @Test("A crash mistake holds only when the named test crashed")
    func crash() {
        let mistake = item(.crash("A"))
        #expect(check.verdict(mistake, tests: [test("A", .crashed)], ending: .signalled(4), run: 1).isEmpty)
        #expect(
            check.verdict(mistake, tests: [test("A", .failed)], ending: .exited(1), run: 2) == [
                "run 2: the test process should crash in \"A\", and the test failed"
            ])
        #expect(
            check.verdict(mistake, tests: [test("B", .crashed)], ending: .signalled(4), run: 1) == [
                "no test of Chapter 4 is called \"A\""
            ])
    }

    @Test("A hang mistake holds only when the named test was still running at the time limit")
    func hangs() {
        let mistake = item(.hangs("A"))
        #expect(check.verdict(mistake, tests: [test("A", .timedOut)], ending: .timedOut, run: 1).isEmpty)
        #expect(
            check.verdict(mistake, tests: [test("A", .passed)], ending: .exited(0), run: 2) == [
                "run 2: \"A\" should still be running when the time limit ends the process; it ended: passed"
            ])
        #expect(
            check.verdict(mistake, tests: [test("B", .timedOut)], ending: .timedOut, run: 1) == [
                "no test of Chapter 4 is called \"A\""
            ])
        #expect(Catalogue.expectation(in: #"hangs: "A test""#) == .hangs("A test"))
    }

    @Test("A run in which no test ran proves nothing, whatever the case expects")
    func nothingRan() {
        for expectation in [Catalogue.Expectation.passes, .failingTests(["A"]), .crash("A"), .hangs("A"), .raceCheck] {
            #expect(
                check.verdict(item(expectation), tests: [], ending: .signalled(6), run: 1) == [
                    "run 1: no test ran (the test process was stopped by signal 6)"
                ], "\(expectation)")
        }
    }
}
