import Foundation

/// A chapter's hints: questions grouped by the lesson's steps, read from its `HINTS.md`
/// (`## Step N` headings, each followed by a numbered list). The one reader of `HINTS.md`: the
/// learner's `--hint` shows what it reads, and verify's chapter content check checks the same.
///
/// An item is a question, or, the last of a step, the code: a sentence whose item continues with
/// indented lines, a fenced block among them, blank lines inside it included:
///
///     3. Still stuck? The whole change:
///
///        ```swift
///        private init() {}
///
///        static let shared = MessageBoard()
///        ```
///
/// Each item becomes one text: its prose lines joined into paragraphs, its fenced blocks kept line
/// for line (fences included, the item's indentation removed).
public struct Hints: Sendable, Equatable {
    public struct Step: Sendable, Equatable {
        public var number: Int
        public var questions: [String]
    }

    public var steps: [Step]

    public init(markdown: String) {
        var steps: [Step] = []
        var item: [String]?  // the current item's lines, without the marker and the indentation
        var indent = 0  // the column the item's text starts at
        var fence: Character?  // the fence character of the block the item is in: ` or ~
        var blanks = 0  // blank lines seen since the item's last line
        func finishItem() {
            if let lines = item, !steps.isEmpty { steps[steps.count - 1].questions.append(Self.text(of: lines)) }
            item = nil
            fence = nil
            blanks = 0
        }
        for rawLine in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if item != nil, let open = fence {
                let content = Self.dedent(line, by: indent)
                item!.append(content)
                if Self.fenceMarker(content) == open { fence = nil }
                continue
            }
            if line.hasPrefix("## ") {
                finishItem()
                let words = line.dropFirst(3).split(separator: " ")
                if words.count >= 2, words[0] == "Step",
                    let number = Int(words[1].trimmingCharacters(in: .punctuationCharacters))
                {
                    steps.append(Step(number: number, questions: []))
                } else if !steps.isEmpty {
                    // Another section ends the steps' lists.
                    steps.append(Step(number: -1, questions: []))
                }
            } else if let marker = Self.itemMarker(line) {
                finishItem()
                item = [String(line.dropFirst(marker)).trimmingCharacters(in: .whitespaces)]
                indent = marker
            } else if item != nil, trimmed.isEmpty {
                blanks += 1
            } else if item != nil, line.first == " " || line.first == "\t" {
                // The item goes on: a continued line, a new paragraph, a fenced block.
                item! += Array(repeating: "", count: blanks)
                blanks = 0
                let content = Self.dedent(line, by: indent)
                item!.append(content)
                fence = Self.fenceMarker(content)
            } else {
                finishItem()
            }
        }
        finishItem()
        self.steps = steps.filter { $0.number >= 0 && !$0.questions.isEmpty }
    }

    /// The length of a numbered item's marker with its spaces ("12. " → 4), for a line that
    /// starts one at the left margin.
    static func itemMarker(_ line: String) -> Int? {
        let digits = line.prefix { $0.isNumber }
        guard !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(".") else { return nil }
        let spaces = line.dropFirst(digits.count + 1).prefix { $0 == " " }
        guard !spaces.isEmpty || line.count == digits.count + 1 else { return nil }
        return digits.count + 1 + spaces.count
    }

    /// `line` without up to `count` leading spaces.
    static func dedent(_ line: String, by count: Int) -> String {
        String(line.dropFirst(min(count, line.prefix { $0 == " " }.count)))
    }

    /// Prose lines joined into paragraphs (a blank line between two); fenced blocks as they are.
    static func text(of lines: [String]) -> String {
        var parts: [String] = []
        var paragraph: [String] = []
        var block: [String]?
        var fence: Character?
        func finishParagraph() {
            if !paragraph.isEmpty { parts.append(paragraph.joined(separator: " ")) }
            paragraph = []
        }
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var code = block {
                code.append(line)
                block = code
                if Self.fenceMarker(line) == fence {
                    parts.append(code.joined(separator: "\n"))
                    block = nil
                }
            } else if let marker = Self.fenceMarker(line) {
                finishParagraph()
                block = [line]
                fence = marker
            } else if trimmed.isEmpty {
                finishParagraph()
            } else if trimmed.hasPrefix("<!--") && trimmed.hasSuffix("-->") {
                // A directive for the Markdown check (`<!-- swift: in Board -->`): not for the learner.
                continue
            } else {
                paragraph.append(trimmed)
            }
        }
        if let code = block { parts.append(code.joined(separator: "\n")) }  // an unclosed fence
        finishParagraph()
        return parts.joined(separator: "\n\n")
    }

    /// Whether a hint holds code (a fenced block): the last level of a step.
    public static func hasCode(_ hint: String) -> Bool {
        hint.split(separator: "\n").contains { fenceMarker(String($0)) != nil }
    }

    /// The character of a code fence (`` ``` `` or `~~~`) the line is, or `nil` for another line.
    static func fenceMarker(_ line: String) -> Character? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("```") { return "`" }
        if trimmed.hasPrefix("~~~") { return "~" }
        return nil
    }

    /// A hint as the terminal shows it: prose indented by two spaces, a fenced block by four,
    /// line for line.
    public static func display(_ hint: String) -> [String] {
        var open: Character?  // the fence of the block the line is in
        return hint.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let marker = fenceMarker(String(line))
            let inCode = open != nil || marker != nil
            if let marker, open == nil {
                open = marker
            } else if marker != nil, marker == open {
                open = nil
            }
            if line.isEmpty { return "" }
            return (inCode ? "    " : "  ") + line
        }
    }

    /// All questions in order, each with its step and its place in that step.
    public var all: [(step: Int, index: Int, question: String)] {
        steps.flatMap { step in step.questions.enumerated().map { (step.number, $0.offset + 1, $0.element) } }
    }
}
