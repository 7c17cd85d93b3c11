/// Decides the order in which a round asks the questions of a group. The screen that runs a round
/// asks the settings for one and then simply follows it.
public protocol QuestionStrategy: Sendable {
    /// Every question of the group, in the order the round asks them.
    var questions: [Question] { get }
}

/// The orders a player can pick on the settings screen. The settings store the raw value.
public enum QuestionStrategyType: Int, CaseIterable, Sendable {
    /// A fresh order for every round.
    case random
    /// The order in which the group's author wrote the questions.
    case sequential
}

/// Asks the questions in the group's own order.
public struct SequentialQuestionStrategy: QuestionStrategy {
    public let questions: [Question]

    public init(group: QuestionGroup) {
        questions = group.questions
    }
}

/// Asks every question of the group once, in an order drawn from a source of random numbers.
public struct RandomQuestionStrategy: QuestionStrategy {
    public let questions: [Question]

    /// Draws the order from `generator`. The app passes the system's generator; a test passes one
    /// it controls, so that it knows what "random" will give.
    public init(group: QuestionGroup, using generator: inout some RandomNumberGenerator) {
        // The standard library's shuffle already takes its randomness as a parameter: the same
        // injection, one level down.
        // Fisher-Yates, by hand: every number comes from `generator`.
        var order = group.questions
        var remaining = order.count
        while remaining > 1 {
            let pick = Int(generator.next(upperBound: UInt(remaining)))
            remaining -= 1
            order.swapAt(pick, remaining)
        }
        questions = order
    }
}
