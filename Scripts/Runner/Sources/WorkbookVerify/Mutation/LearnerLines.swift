import Foundation

/// Which lines of a solution file the learner writes: the lines its starter twin does not have
/// (a file with no twin is the learner's from top to bottom). The rest is given code, the same in
/// the starter. Also the file's hunks: each stretch where the solution differs from the starter,
/// with the starter's lines for it, so that one of the learner's steps can be undone.
struct LearnerLines: Sendable, Equatable {
    struct Hunk: Sendable, Equatable {
        /// The solution's lines (0-based, may be empty: lines the learner deleted).
        var solution: Range<Int>
        /// What the starter has there instead.
        var starter: [String]
        /// The starter's first line of it (0-based).
        var starterStart: Int
    }

    /// 0-based indices of the solution's lines the learner writes.
    var learner: Set<Int>
    var hunks: [Hunk]

    init(starter: String?, solution: String) {
        let new = Self.lines(of: solution)
        guard let starter else {
            learner = Set(new.indices)
            hunks = [Hunk(solution: new.indices, starter: [], starterStart: 0)]
            return
        }
        let old = Self.lines(of: starter)
        let difference = new.difference(from: old)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        learner = inserted
        // Walk both files together: a line in neither set is common and closes the open hunk.
        var hunks: [Hunk] = []
        var i = 0
        var j = 0
        var open: Hunk?
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) {
                if open == nil { open = Hunk(solution: j..<j, starter: [], starterStart: i) }
                open!.starter.append(old[i])
                i += 1
            } else if j < new.count, inserted.contains(j) {
                if open == nil { open = Hunk(solution: j..<j, starter: [], starterStart: i) }
                open!.solution = open!.solution.lowerBound..<(j + 1)
                j += 1
            } else {
                if let hunk = open { hunks.append(hunk) }
                open = nil
                i += 1
                j += 1
            }
        }
        if let hunk = open { hunks.append(hunk) }
        self.hunks = hunks
    }

    static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }
}
