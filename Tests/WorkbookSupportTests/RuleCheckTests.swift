import Foundation
import Testing
import WorkbookSupport

@Suite("Rule checks: seeded scenarios, edge cases first, shrunk failures")
struct RuleCheckTests {
    @Test("The same rule always draws the same seeds, and another rule other seeds")
    func fixedSeeds() {
        let rule = "The board keeps every message"
        #expect(RuleSeeds.fixed(for: rule, count: 5) == RuleSeeds.fixed(for: rule, count: 5))
        #expect(RuleSeeds.fixed(for: rule, count: 5) != RuleSeeds.fixed(for: rule + ".", count: 5))
        #expect(Set(RuleSeeds.fixed(for: rule, count: 50)).count == 50)
    }

    @Test("A seed gives the same numbers every time")
    func seededRandomRepeats() {
        var first = SeededRandom(seed: 42)
        var second = SeededRandom(seed: 42)
        let a = (0..<20).map { _ in first.int(in: 0...1000) }
        let b = (0..<20).map { _ in second.int(in: 0...1000) }
        #expect(a == b)
        // SplitMix64's first output for seed 42, so that a change of algorithm is noticed.
        var known = SeededRandom(seed: 42)
        #expect(known.next() == 0xBDD7_3226_2FEB_6E95)
    }

    @Test("Numbers near the edges land on both ends of the range")
    func edgesAreReached() {
        var random = SeededRandom(seed: 7)
        let drawn = Set((0..<400).map { _ in random.intNearEdges(in: 0...20) })
        #expect(drawn.isSuperset(of: [0, 1, 19, 20]))
        #expect(drawn.allSatisfy { (0...20).contains($0) })
    }

    @Test("A rule that holds is checked over every edge case and every drawn scenario")
    func holdingRule() async {
        var checked: [[Int]] = []
        let violation = await findViolation(
            of: "Sorting twice changes nothing", boundaries: [[], [1], [2, 1]], generated: 25,
            generate: { random in (0..<random.int(in: 0...6)).map { _ in random.int(in: 0...9) } },
            check: { list in
                checked.append(list)
                return list.sorted().sorted() == list.sorted() ? nil : "it changed"
            }
        )
        #expect(violation == nil)
        // 25 fixed seeds, and the fresh ones verify may add (`WORKBOOK_FRESH_SEEDS`).
        let drawn = RuleSeeds.seeds(for: "Sorting twice changes nothing", count: 25).count
        #expect(checked.count == 3 + drawn)
        #expect(drawn >= 25 || ProcessInfo.processInfo.environment["WORKBOOK_SEED"] != nil)
        #expect(Array(checked.prefix(3)) == [[], [1], [2, 1]])
    }

    @Test("A failing scenario is shrunk to the shortest one that still fails")
    func shrinksToTheCore() async throws {
        let violation = await findViolation(
            of: "No list holds both a 3 and a 7", generated: 200,
            generate: { random in (0..<random.int(in: 0...12)).map { _ in random.int(in: 0...9) } },
            shrink: { Shrink.sequence($0) { _ in [0] } },
            check: { list in
                list.contains(3) && list.contains(7) ? "it holds both" : nil
            }
        )
        let found = try #require(violation)
        #expect(Set(found.scenario) == [3, 7])
        #expect(found.scenario.count == 2)
        #expect(found.origin != .boundary)
    }

    @Test("An edge case that fails is reported as such, before any drawn scenario")
    func boundaryFirst() async {
        var drawn = 0
        let violation = await findViolation(
            of: "Lists are never empty", boundaries: [[Int]()], generated: 10,
            generate: { random in
                drawn += 1
                return [random.int(in: 0...3)]
            },
            check: { list in list.isEmpty ? "it was empty" : nil }
        )
        #expect(violation?.origin == .boundary)
        #expect(drawn == 0)
    }

    @Test("An error thrown by the code under test breaks the rule, and is named")
    func thrownErrorsCount() async {
        struct Refused: Error {}
        let violation = await findViolation(
            of: "Nothing throws", generated: 3, generate: { $0.int(in: 0...3) },
            check: { _ in throw Refused() }
        )
        #expect(violation?.seen.contains("Refused") == true)
    }

    @Test("The message names the rule, the scenario, what happened and how to rerun it")
    func messageTellsEverything() async {
        await withKnownIssue {
            await expectRule(
                "Every number is small", generated: 20,
                generate: { $0.int(in: 0...100) },
                shrink: { Shrink.int($0, toward: 0) },
                tell: { "The number \($0) is checked." }
            ) { number in number < 10 ? nil : "\(number) is not small" }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("Rule: Every number is small") && text.contains("The number 10 is checked.")
                && text.contains("What happened: 10 is not small") && text.contains("WORKBOOK_SEED=")
        }
    }

    @Test("Shrinking numbers goes to the target, halfway, then one step nearer")
    func shrinkingNumbers() {
        #expect(Shrink.int(10, toward: 0) == [0, 5, 9])
        #expect(Shrink.int(-4, toward: 0) == [0, -2, -3])
        #expect(Shrink.int(1, toward: 0) == [0])
        #expect(Shrink.int(0, toward: 0).isEmpty)
    }

    @Test("Shrinking a sequence tries halves, then each step left out, then simpler steps")
    func shrinkingSequences() {
        #expect(Shrink.removingSteps([1, 2, 3]) == [[1], [2, 3], [1, 2], [1, 3], [2, 3]])
        #expect(Shrink.simplifyingSteps([5, 0]) { $0 > 0 ? [0] : [] } == [[0, 0]])
        #expect(Shrink.removingSteps([Int]()).isEmpty)
    }
}
