import Foundation
import Testing

/// Where a failing scenario came from.
public enum ScenarioOrigin: Sendable, Equatable, CustomStringConvertible {
    /// One of the edge cases the test always checks first.
    case boundary
    /// Drawn from a seed; `fresh`: one drawn for this run alone (`WORKBOOK_FRESH_SEEDS`).
    case seed(UInt64, fresh: Bool)

    public var description: String {
        switch self {
        case .boundary: "one of the edge cases always checked"
        case .seed(let seed, let fresh): "drawn from \(fresh ? "the fresh " : "")seed \(RuleSeeds.spelled(seed))"
        }
    }
}

/// The shortest scenario found that breaks a rule, and what was seen in it.
public struct RuleViolation<Scenario> {
    public var scenario: Scenario
    public var origin: ScenarioOrigin
    /// What the code did, in words, against what the rule expects.
    public var seen: String
    /// How many times the scenario was made smaller before nothing smaller failed.
    public var shrinks: Int
}

/// Checks that `rule` holds over many scenarios: the `boundaries` first, then `count` scenarios that
/// `generate` draws from fixed seeds (see ``RuleSeeds``). `check` runs one scenario against the code
/// and returns `nil` when it holds, or what it saw when it does not (a thrown error counts as seen).
///
/// At the first scenario that breaks the rule, the check makes it smaller with `shrink` (candidates,
/// simplest first) for as long as a smaller one still breaks it, then records one issue: the rule,
/// the shortest scenario told in words by `tell`, what was seen, and how to rerun it.
/// Returns the violation, or `nil` when the rule held every time.
@discardableResult
public func expectRule<Scenario: Sendable>(
    _ rule: String,
    boundaries: [Scenario] = [],
    generated count: Int = 30,
    generate: (inout SeededRandom) -> Scenario,
    shrink: (Scenario) -> [Scenario] = { _ in [] },
    tell: (Scenario) -> String,
    _ explanation: Comment? = nil,
    shrinkingBudget: Duration = .seconds(20),
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    check: (Scenario) async throws -> String?
) async -> RuleViolation<Scenario>? {
    let violation = await findViolation(
        of: rule, boundaries: boundaries, generated: count, generate: generate, shrink: shrink,
        shrinkingBudget: shrinkingBudget, check: check)
    if let violation {
        Issue.record(
            Comment(rawValue: describe(violation, of: rule, told: tell(violation.scenario), explanation: explanation)),
            sourceLocation: sourceLocation)
    }
    return violation
}

/// The search behind ``expectRule(_:boundaries:generated:generate:shrink:tell:_:shrinkingBudget:isolation:sourceLocation:check:)``,
/// without recording anything: the first scenario that breaks the rule, shrunk.
public func findViolation<Scenario: Sendable>(
    of rule: String,
    boundaries: [Scenario] = [],
    generated count: Int = 30,
    generate: (inout SeededRandom) -> Scenario,
    shrink: (Scenario) -> [Scenario] = { _ in [] },
    shrinkingBudget: Duration = .seconds(20),
    isolation: isolated (any Actor)? = #isolation,
    check: (Scenario) async throws -> String?
) async -> RuleViolation<Scenario>? {
    func seen(in scenario: Scenario) async -> String? {
        do { return try await check(scenario) } catch { return "it threw an error: \(error)" }
    }

    var found: RuleViolation<Scenario>?
    // `WORKBOOK_SEED` reruns one drawn scenario exactly; the edge cases are not drawn, so they stay out.
    let rerunningOneSeed = ProcessInfo.processInfo.environment["WORKBOOK_SEED"] != nil
    if !rerunningOneSeed {
        for scenario in boundaries {
            if let what = await seen(in: scenario) {
                found = RuleViolation(scenario: scenario, origin: .boundary, seen: what, shrinks: 0)
                break
            }
        }
    }
    if found == nil {
        for (seed, fresh) in RuleSeeds.seeds(for: rule, count: count) {
            var random = SeededRandom(seed: seed)
            let scenario = generate(&random)
            if let what = await seen(in: scenario) {
                found = RuleViolation(scenario: scenario, origin: .seed(seed, fresh: fresh), seen: what, shrinks: 0)
                break
            }
        }
    }
    guard var violation = found else { return nil }

    // Smaller and smaller: keep the first candidate that still fails, until none does or time is up.
    let clock = ContinuousClock()
    let deadline = clock.now + shrinkingBudget
    var smaller = true
    while smaller && clock.now < deadline {
        smaller = false
        for candidate in shrink(violation.scenario) {
            if clock.now >= deadline { break }
            if let what = await seen(in: candidate) {
                violation.scenario = candidate
                violation.seen = what
                violation.shrinks += 1
                smaller = true
                break
            }
        }
    }
    return violation
}

/// The message a learner reads: the rule, the scenario in words, what was seen, where it came from.
func describe<Scenario>(
    _ violation: RuleViolation<Scenario>, of rule: String, told: String, explanation: Comment?
) -> String {
    var text = "Rule: \(rule)\n\nIt does not hold here:\n\(told)\n\nWhat happened: \(violation.seen)"
    if case .seed(let seed, fresh: true) = violation.origin {
        // Fresh seeds are the maintainers': the seed goes first, where a short log still shows it.
        text = "(Fresh seed \(RuleSeeds.spelled(seed)): WORKBOOK_SEED=\(RuleSeeds.spelled(seed)) reruns it.) " + text
    }
    if let explanation { text += "\n\n\(explanation.rawValue)" }
    let shrunk = violation.shrinks > 0 ? ", then made as short as it still fails" : ""
    switch violation.origin {
    case .boundary:
        text += "\n\n(One of the edge cases always checked\(shrunk).)"
    case .seed(let seed, _):
        let spelled = RuleSeeds.spelled(seed)
        text += "\n\n(Drawn from seed \(spelled)\(shrunk); WORKBOOK_SEED=\(spelled) reruns exactly this scenario.)"
    }
    return text
}

/// Numbered lines, one per step: how a scenario of several steps is told.
public func numberedSteps(_ steps: [String]) -> String {
    steps.isEmpty
        ? "  (nothing happens)"
        : steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }
            .joined(separator: "\n")
}
