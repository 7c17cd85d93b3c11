/// A random number generator whose numbers are fixed by a seed: the same seed gives the same numbers
/// on every run and every platform, so a scenario drawn from it can be drawn again exactly.
/// (SplitMix64: small, fast and well spread.)
public struct SeededRandom: RandomNumberGenerator, Sendable {
    /// The seed it started from, to print beside a failure.
    public let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A whole number in `range`, every value equally likely.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// `true` with the given probability (0 never, 1 always).
    public mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }

    /// One of `choices`, every one equally likely. `choices` must not be empty.
    public mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices[int(in: 0...(choices.count - 1))]
    }

    /// A number in `range` that lands on the range's ends and their neighbours more often than
    /// chance would: that is where rules bend (0, 1, the limit, one past it).
    public mutating func intNearEdges(in range: ClosedRange<Int>) -> Int {
        guard chance(0.5) else { return int(in: range) }
        let edges = [range.lowerBound, range.lowerBound + 1, range.upperBound - 1, range.upperBound]
            .filter(range.contains)
        return pick(edges)
    }
}
