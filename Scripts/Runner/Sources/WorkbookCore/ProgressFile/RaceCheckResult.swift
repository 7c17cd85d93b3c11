import Foundation

/// The race check's verdict on a chapter whose tests all pass: "done" means race-free.
public struct RaceCheckResult: Codable, Sendable, Equatable {
    public enum Verdict: String, Codable, Sendable {
        /// Every test passed under Thread Sanitizer, and it saw no data race.
        case clean = "no data race"
        /// Thread Sanitizer saw a data race (``RaceCheckResult/races``).
        case races = "data race"
        /// No race was reported, but tests failed under Thread Sanitizer, whose timing differs.
        case testsFail = "tests fail under Thread Sanitizer"
        /// The check could not run here (``RaceCheckResult/note`` says why).
        case notChecked = "not checked"
    }

    public var verdict: Verdict
    /// The races, each once, with their functions demangled.
    public var races: [DataRace]
    /// The tests that did not pass under Thread Sanitizer.
    public var failingTests: [String]
    /// Why the check could not run, or how the sanitized run ended.
    public var note: String?
    /// Whether the verdict is the one remembered from an earlier check of the same files.
    public var cached: Bool

    public init(
        verdict: Verdict, races: [DataRace] = [], failingTests: [String] = [], note: String? = nil, cached: Bool = false
    ) {
        self.verdict = verdict
        self.races = races
        self.failingTests = failingTests
        self.note = note
        self.cached = cached
    }

    /// The verdict on one sanitized run.
    package static func verdict(of outcome: RaceCheck.Outcome, timeLimit: Duration) -> RaceCheckResult {
        if !outcome.races.isEmpty { return RaceCheckResult(verdict: .races, races: outcome.races) }
        let failing = outcome.tests.filter(\.needsWork).map(\.name)
        if outcome.ending == .timedOut {
            return RaceCheckResult(
                verdict: .testsFail, failingTests: failing,
                note: "the tests did not finish in \(timeLimit.readable) under Thread Sanitizer")
        }
        if outcome.tests.isEmpty {
            return RaceCheckResult(
                verdict: .notChecked, note: "no test ran under Thread Sanitizer (the process \(outcome.ending))")
        }
        if !failing.isEmpty { return RaceCheckResult(verdict: .testsFail, failingTests: failing) }
        return RaceCheckResult(verdict: .clean)
    }
}
