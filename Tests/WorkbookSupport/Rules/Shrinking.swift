/// Ways to make a failing scenario smaller. Each function returns candidates, simplest first; the
/// rule check keeps the first candidate that still fails and asks again, until none does.
public enum Shrink {
    /// Shorter sequences: the first half, the second half, then each step left out in turn.
    public static func removingSteps<Step>(_ steps: [Step]) -> [[Step]] {
        guard !steps.isEmpty else { return [] }
        var candidates: [[Step]] = []
        if steps.count > 1 {
            let half = steps.count / 2
            candidates.append(Array(steps[..<half]))
            candidates.append(Array(steps[half...]))
        }
        for index in steps.indices.reversed() {
            var shorter = steps
            shorter.remove(at: index)
            candidates.append(shorter)
        }
        return candidates
    }

    /// The same sequence with one step replaced by a simpler one, for every step that has any.
    public static func simplifyingSteps<Step>(_ steps: [Step], _ simpler: (Step) -> [Step]) -> [[Step]] {
        var candidates: [[Step]] = []
        for index in steps.indices {
            for replacement in simpler(steps[index]) {
                var simplified = steps
                simplified[index] = replacement
                candidates.append(simplified)
            }
        }
        return candidates
    }

    /// Shorter sequences first, then simpler steps.
    public static func sequence<Step>(_ steps: [Step], simplifyingStep simpler: (Step) -> [Step] = { _ in [] })
        -> [[Step]]
    {
        removingSteps(steps) + simplifyingSteps(steps, simpler)
    }

    /// Numbers closer to `target`: the target itself, then halfway, then one step nearer.
    public static func int(_ value: Int, toward target: Int) -> [Int] {
        guard value != target else { return [] }
        let halfway = target + (value - target) / 2
        let oneNearer = value > target ? value - 1 : value + 1
        var candidates: [Int] = []
        for candidate in [target, halfway, oneNearer] where candidate != value && !candidates.contains(candidate) {
            candidates.append(candidate)
        }
        return candidates
    }
}
