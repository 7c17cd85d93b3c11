import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookVerify

@Suite("What the verifier accepts and refuses")
struct VerifierTests {
    let chapter = Chapter(number: 1, title: "Global vs singleton", folder: "Chapter1-GlobalVsSingleton")

    /// A test with `issues` issues, recorded on lines 10, 11, 12…
    func test(_ name: String, _ state: TestState, issues: Int = 0, module: String = "Chapter1Tests") -> TestResult {
        TestResult(
            id: "\(module).S/\(name)()/F.swift:1:1", name: name, file: nil, line: nil, state: state,
            issues: (0..<issues).map { TestIssue(message: "why", file: "F.swift", line: 10 + $0) })
    }

    func run(_ tests: [TestResult], ending: CommandResult.Ending = .exited(1)) -> Verifier.RunOutcome {
        Verifier.RunOutcome(tests: tests, ending: ending)
    }

    var starterRun: [TestResult] {
        [
            test("a", .failed, issues: 1), test("b", .failed, issues: 2),
            test("runner", .passed, module: "WorkbookLearnerTests"),
        ]
    }

    @Test("Starters that fail every chapter test the same way on every run are accepted")
    func soundStarters() {
        let problems = Verifier.starterProblems(
            [run(starterRun), run(starterRun)], chapters: [chapter], solutionTests: starterRun)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("A test that already passes on the starter is refused")
    func passingOnStarter() {
        var tests = starterRun
        tests[1].state = .passed
        tests[1].issues = []
        let problems = Verifier.starterProblems([run(tests)], chapters: [chapter], solutionTests: nil)
        #expect(problems.contains { $0.contains("passed on the starter") && $0.contains("b") })
    }

    @Test("A starter that fails differently from one run to the next is refused")
    func flakyStarter() {
        var second = starterRun
        second[1].issues.removeLast()
        let problems = Verifier.starterProblems(
            [run(starterRun), run(second)], chapters: [chapter], solutionTests: nil)
        #expect(problems.contains { $0.contains("differs from run 1") })
    }

    @Test("More or fewer issues at the same places is the same failure: a parameterized test may vary")
    func sameFailureAtTheSamePlaces() {
        var second = starterRun
        second[1].issues.append(second[1].issues[0])
        let problems = Verifier.starterProblems(
            [run(starterRun), run(second)], chapters: [chapter], solutionTests: nil)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("A starter that crashes, or a chapter without tests, is refused")
    func crashingOrMissing() {
        let crash = Verifier.starterProblems(
            [run(starterRun, ending: .signalled(4))], chapters: [chapter], solutionTests: nil)
        #expect(crash.contains { $0.contains("never crash") })
        let other = Chapter(number: 2, title: "Singleton plus", folder: "Chapter2-SingletonPlus")
        let missing = Verifier.starterProblems([run(starterRun)], chapters: [chapter, other], solutionTests: nil)
        #expect(missing.contains { $0.contains("Chapter 2 has no tests") })
    }

    @Test("A test that runs in one mode only is refused")
    func sameTestsInBothModes() {
        let problems = Verifier.starterProblems(
            [run(starterRun)], chapters: [chapter], solutionTests: Array(starterRun.dropFirst()))
        #expect(problems.contains { $0.contains("only one of the two modes") })
    }

    @Test("Solutions must pass every test; only the runner's scenarios may be skipped")
    func solutions() {
        let passing = [test("a", .passed), test("scenario", .skipped, module: "WorkbookLearnerTests")]
        #expect(Verifier.solutionProblems([run(passing, ending: .exited(0))]).isEmpty)
        let failing = [test("a", .failed, issues: 1)]
        #expect(Verifier.solutionProblems([run(failing)]).contains { $0.contains("failed") })
        let skipped = [test("a", .skipped)]
        #expect(!Verifier.solutionProblems([run(skipped)]).isEmpty, "A chapter test may not be skipped.")
        #expect(!Verifier.solutionProblems([run([], ending: .signalled(11))]).isEmpty, "No tests is no proof.")
    }
}
