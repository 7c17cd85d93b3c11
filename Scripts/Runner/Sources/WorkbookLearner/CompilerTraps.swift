import WorkbookCore

/// The compiler's messages that this course's learners meet, each with one plain line: what it
/// means here and what to do. The report shows the line under the error; the compiler's own words
/// stay as they are above it.
enum CompilerTraps {
    struct Trap {
        /// Every part must appear in the message, in this order.
        var parts: [String]
        var explanation: String
    }

    static let traps: [Trap] = [
        Trap(
            parts: ["'nonisolated' on an actor's synchronous initializer is invalid"],
            explanation:
                "A Swift 6.3 bug, not your mistake: an actor with its own `static let shared` that conforms to a "
                + "`nonisolated` protocol where it is declared. Move the conformance into an extension of its own "
                + "(`extension ImageCache: ImageCaching {}`); it means the same."),
        Trap(
            parts: ["sending", "risks causing data races"],
            explanation:
                "A value that is not `Sendable` goes from one isolation domain to another here (into a task, an "
                + "actor or the main actor) while this code may still use it. Make the value `Sendable`, or keep it "
                + "where it was made."),
        Trap(
            parts: ["main actor-isolated", "from"],
            explanation:
                "Code that is not on the main actor reaches something the main actor owns. `await` it from async "
                + "code, or mark the caller `@MainActor`. In the app world every declaration without a word of its "
                + "own is on the main actor: a helper that any task calls needs `nonisolated`."),
        Trap(
            parts: ["is not concurrency-safe because it is nonisolated global shared mutable state"],
            explanation:
                "A `var` that every task can reach and change. Make it a `let`, isolate it to a global actor "
                + "(`@MainActor`), or keep the state behind a `Mutex` or in an actor."),
        Trap(
            parts: ["is not concurrency-safe because non-'Sendable' type"],
            explanation:
                "A shared instance of a type the compiler cannot prove safe to share. Make the type `Sendable` "
                + "(final, with its state behind a lock or immutable), make it an actor, or isolate it with "
                + "`@MainActor`."),
    ]

    /// The plain line for `error`, if its message is one of the traps.
    static func explanation(for error: CompilerError) -> String? {
        traps.first { trap in
            var rest = Substring(error.message)
            for part in trap.parts {
                guard let range = rest.range(of: part) else { return false }
                rest = rest[range.upperBound...]
            }
            return true
        }?.explanation
    }

    /// A line for a build whose errors are all in the tests' files: the chapter's own code
    /// compiles, so a name or signature the tests use (the lesson's public API) was changed.
    static func onlyInTests(_ errors: [CompilerError], chapterTests: String) -> String? {
        guard !errors.isEmpty, errors.allSatisfy({ $0.file.hasPrefix("Tests/") }) else { return nil }
        return "Your code compiles; the tests do not, because they use the chapter's public names and "
            + "signatures as the lesson gives them, and one was changed (renamed, made internal, given "
            + "another parameter or type). Put it back as the lesson shows; do not edit \(chapterTests)."
    }

    /// The error lines of a report, each followed by its plain line when it has one.
    static func lines(for errors: [CompilerError], indent: String, style: Style) -> [String] {
        var lines: [String] = []
        for error in errors {
            lines.append("\(indent)\(error.summary)")
            if let explanation = explanation(for: error) {
                lines.append(style.dim("\(indent)  → \(explanation)"))
            }
        }
        return lines
    }
}
