import Foundation

/// The seeds a rule check draws its scenarios from.
///
/// A learner's verdict comes from fixed seeds, worked out from the rule's own words, so it is the
/// same on every run and every machine. Two settings change that, for maintainers:
/// - `WORKBOOK_SEED=S` draws from seed S alone, to rerun exactly the scenario a failure named;
/// - `WORKBOOK_FRESH_SEEDS=K` adds K seeds never used before (`./Scripts/verify` sets it for the
///   solutions and the catalogue's sound designs), so that a model which is wrong shows up before a
///   learner meets it. A failure names the seed, so it reruns exactly.
public enum RuleSeeds {
    /// The seeds for one check of `rule`: `count` fixed ones, or what the environment asks for.
    /// `fresh` marks a seed drawn for this run alone.
    public static func seeds(for rule: String, count: Int) -> [(seed: UInt64, fresh: Bool)] {
        let environment = ProcessInfo.processInfo.environment
        if let single = environment["WORKBOOK_SEED"].flatMap(parse) { return [(single, false)] }
        var seeds = fixed(for: rule, count: count).map { (seed: $0, fresh: false) }
        if let fresh = environment["WORKBOOK_FRESH_SEEDS"].flatMap({ Int($0) }), fresh > 0 {
            var system = SystemRandomNumberGenerator()
            seeds += (0..<fresh).map { _ in (system.next() & 0xFFFF_FFFF, true) }
        }
        return seeds
    }

    /// `count` seeds that depend only on the rule's words (FNV-1a, then SplitMix64).
    public static func fixed(for rule: String, count: Int) -> [UInt64] {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in rule.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        var random = SeededRandom(seed: hash)
        return (0..<count).map { _ in random.next() & 0xFFFF_FFFF }
    }

    /// How a seed is written in messages, and read back from `WORKBOOK_SEED`.
    public static func spelled(_ seed: UInt64) -> String { String(seed) }

    static func parse(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased().hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
        return UInt64(trimmed)
    }
}
