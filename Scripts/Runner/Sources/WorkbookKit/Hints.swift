import Foundation

/// A chapter's hints: questions grouped by the lesson's steps, read from its `HINTS.md`
/// (`## Step N` headings, each followed by a numbered list).
public struct Hints: Sendable, Equatable {
    public struct Step: Sendable, Equatable {
        public var number: Int
        public var questions: [String]
    }

    public var steps: [Step]

    public init(markdown: String) {
        var steps: [Step] = []
        var current: String?
        func finishQuestion() {
            if let question = current, !steps.isEmpty {
                steps[steps.count - 1].questions.append(question.trimmingCharacters(in: .whitespaces))
            }
            current = nil
        }
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("## ") {
                finishQuestion()
                let words = line.dropFirst(3).split(separator: " ")
                if words.count >= 2, words[0] == "Step",
                    let number = Int(words[1].trimmingCharacters(in: .punctuationCharacters))
                {
                    steps.append(Step(number: number, questions: []))
                } else if !steps.isEmpty {
                    // Another section ends the steps' lists.
                    steps.append(Step(number: -1, questions: []))
                }
            } else if let dot = trimmed.firstIndex(of: "."), Int(trimmed[..<dot]) != nil, line.first?.isNumber == true {
                finishQuestion()
                current = String(trimmed[trimmed.index(after: dot)...])
            } else if current != nil, !trimmed.isEmpty, line.first == " " {
                current! += " " + trimmed  // a question continued on the next line
            } else {
                finishQuestion()
            }
        }
        finishQuestion()
        self.steps = steps.filter { $0.number >= 0 && !$0.questions.isEmpty }
    }

    /// All questions in order, each with its step and its place in that step.
    public var all: [(step: Int, index: Int, question: String)] {
        steps.flatMap { step in step.questions.enumerated().map { (step.number, $0.offset + 1, $0.element) } }
    }
}
