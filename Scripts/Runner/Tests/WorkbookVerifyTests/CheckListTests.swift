import Foundation
import Synchronization
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookVerify

@Suite("Verify's checks: which run, which are skipped and why")
struct CheckListTests {
    /// Runs verify's real list of checks with each check's work replaced: the checks in `failing`
    /// fail, the others pass. Returns every step as recorded, and the checks that really ran.
    func run(failing: Set<Verifier.CheckID>, leftOut: Set<Verifier.SkipOption> = []) async -> (
        steps: [Verifier.CheckID: Verifier.Step], ran: Set<Verifier.CheckID>
    ) {
        var options = Verifier.Options()
        options.leftOut = leftOut
        let ran = Mutex<Set<Verifier.CheckID>>([])
        let checks = Verifier.checks(options: options).map { check in
            var stand = check
            stand.run = { _, _, title in
                ran.withLock { _ = $0.insert(check.id) }
                return Verifier.Step(title: title, result: failing.contains(check.id) ? .failed : .passed)
            }
            return stand
        }
        let verifier = Verifier(workbook: .stub(root: "/w"), options: options) { _ in }
        var recorded: [Verifier.Step] = []
        await verifier.runChecks(checks, on: .stub(root: "/w/.build-verify/workbook")) { recorded.append($0) }
        #expect(recorded.map(\.title) == checks.map(\.title), "Every check has its line, in the list's order.")
        let steps = Dictionary(uniqueKeysWithValues: zip(checks.map(\.id), recorded))
        return (steps, ran.withLock { $0 })
    }

    func skipped(_ step: Verifier.Step?) -> String? {
        if case .skipped(let why) = step?.result { why } else { nil }
    }

    @Test("When every check passes, every check runs, Classroom's commands and the scenarios included")
    func allRun() async {
        let (steps, ran) = await run(failing: [])
        #expect(ran == Set(steps.keys))
        #expect(steps.values.allSatisfy { $0.result == .passed })
    }

    @Test("Starters that do not build skip what needs them, and only that; the message says why")
    func startersDoNotBuild() async {
        let (steps, ran) = await run(failing: [.startersBuild])
        for id in [Verifier.CheckID.startersFail, .markdown, .catalogue, .scenarios] {
            #expect(!ran.contains(id), "\(id) needs the starters built")
            #expect(skipped(steps[id])?.contains("the starters do not build") == true, "\(id)")
        }
        for id in [Verifier.CheckID.solutionsPass, .threadSanitizer, .runnerTests, .classroom] {
            #expect(ran.contains(id), "\(id) does not need the starters")
        }
    }

    @Test("Each world is proved apart: app starters that do not build skip the app world's checks, not the library's")
    func appWorld() async {
        let (steps, ran) = await run(failing: [.startersAppBuild])
        for id in [Verifier.CheckID.startersFailApp, .catalogueApp] {
            #expect(!ran.contains(id), "\(id) needs the app world's starters built")
            #expect(skipped(steps[id]) == "the starters do not build in the app world", "\(id)")
        }
        for id in [
            Verifier.CheckID.startersFail, .catalogue, .solutionsPassApp, .threadSanitizerApp, .solutionsPass,
        ] {
            #expect(ran.contains(id), "\(id) does not need the app world's starters")
        }
        let titles = Verifier.checks(options: Verifier.Options()).map(\.title)
        for phrase in [
            "starters and tests build in the app world", "solutions and tests build in the app world",
            "solutions pass every test in the app world", "starters fail every chapter test in the app world",
            "under Thread Sanitizer in the app world", "the catalogue in the app world",
        ] {
            #expect(titles.contains { $0.contains(phrase) }, "A check says \"\(phrase)\"")
        }
    }

    @Test("Runner tests that fail skip the checks read from the runner's package, with that reason")
    func runnerTestsFail() async {
        let (steps, ran) = await run(failing: [.runnerTests])
        for id in [
            Verifier.CheckID.classReportInBrowser, .classTableInPython, .classTableInSpreadsheet, .classroom,
            .scenarios,
        ] {
            #expect(!ran.contains(id))
            #expect(skipped(steps[id]) == "the runner's tests fail", "\(id)")
        }
        #expect(ran.contains(.catalogue) && ran.contains(.threadSanitizer))
    }

    @Test("A check that needs two names each that did not pass")
    func twoReasons() async {
        let (steps, _) = await run(failing: [.startersBuild, .solutionsBuild])
        #expect(skipped(steps[.markdown]) == "the starters do not build and the solutions do not build")
        #expect(skipped(steps[.solutionsPass]) == "the solutions do not build")
    }

    @Test("An option leaves its check out, whatever else happened, and says which option")
    func leftOut() async {
        let (steps, ran) = await run(failing: [.startersBuild], leftOut: [.catalogue, .threadSanitizer, .scenarios])
        #expect(skipped(steps[.catalogue]) == "left out with --skip-catalogue", "The option is the reason given first.")
        #expect(skipped(steps[.threadSanitizer]) == "left out with --skip-tsan")
        #expect(skipped(steps[.scenarios]) == "left out with --skip-scenarios")
        #expect(ran.isDisjoint(with: [.catalogue, .threadSanitizer, .scenarios]))
        #expect(ran.contains(.solutionsPass))
    }

    @Test("The list is sound: a check needs only earlier ones, and what it needs says how it failed")
    func listIsSound() {
        let checks = Verifier.checks(options: Verifier.Options())
        #expect(Set(checks.map(\.id)).count == checks.count)
        for (index, check) in checks.enumerated() {
            for need in check.needs {
                let needed = checks.firstIndex { $0.id == need }
                #expect(needed.map { $0 < index } == true, "\(check.id) needs \(need), which must come first")
                #expect(needed.flatMap { checks[$0].whenNotPassed } != nil, "\(need) says how it failed")
            }
        }
        for option in Verifier.SkipOption.allCases {
            #expect(checks.contains { $0.skippedBy == option }, "\(option.rawValue) leaves a check out")
        }
    }

    @Test("--help lists every check and every option that leaves one out, from the list")
    func usage() {
        let usage = VerifyCommand.usage
        for check in Verifier.checks(options: Verifier.Options()) {
            #expect(usage.contains("  - \(check.title)"), "\(check.id)")
        }
        for option in Verifier.SkipOption.allCases {
            #expect(usage.contains("  \(option.rawValue)"))
        }
        #expect(usage.contains("  --app-world "), "The catalogue's quick check in the app world is listed.")
        for option in ["--mutants N|all", "--limit K", "--write-ledger"] {
            #expect(usage.contains("  \(option) "), "The mutation sweep's option \(option) is listed.")
        }
    }
}
