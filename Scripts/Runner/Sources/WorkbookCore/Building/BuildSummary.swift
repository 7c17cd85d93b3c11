import Foundation

/// What a build said that matters, read from its output: the one summary of a failed build (or a
/// build with warnings) for the runner, the race check and every check of verify's that builds.
public struct BuildSummary: Sendable {
    /// The compiler's errors, each once, in the order first reported.
    public let errors: [CompilerError]
    /// Compiler and SwiftPM warnings, each once.
    public let warnings: [String]
    /// Lines that say something went wrong without naming a Swift file: a manifest or linker
    /// error, a SwiftPM warning.
    public let otherProblems: [String]
    private let lines: [String]

    public init(_ output: String, relativeTo workbook: Workbook? = nil) {
        errors = Diagnostics.errors(in: output, relativeTo: workbook)
        warnings = Diagnostics.warnings(in: output)
        otherProblems = Diagnostics.otherProblems(in: output)
        lines = output.split(separator: "\n").map(String.init)
    }

    /// The errors, the warnings and the other problems, each once; when the output names none of
    /// them, its last `tail` lines, so that a failure is never reported without a word.
    public func problems(tail: Int = 20) -> [String] {
        var seen: Set<String> = []
        let named = (errors.map(\.summary) + warnings + otherProblems).filter { seen.insert($0).inserted }
        return named.isEmpty ? last(tail) : named
    }

    /// The output's last `count` lines.
    public func last(_ count: Int) -> [String] { Array(lines.suffix(count)) }

    /// The first thing to say about a failed build: its first error, or else its first other
    /// problem.
    public var headline: String? { errors.first?.summary ?? otherProblems.first }
}
