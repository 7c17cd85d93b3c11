/// Decides the order in which a round asks the questions of a group. The screen that runs a round
/// asks the settings for one and then simply follows it.
public nonisolated protocol QuestionStrategy: Sendable {
    /// Every question of the group, in the order the round asks them.
    var questions: [Question] { get }
}

/// The orders a player can pick on the settings screen. The settings store the raw value.
public nonisolated enum QuestionStrategyType: Int, CaseIterable, Sendable {
    /// A fresh order for every round.
    case random
    /// The order in which the group's author wrote the questions.
    case sequential
}

/// Asks the questions in the group's own order.
public nonisolated struct SequentialQuestionStrategy: QuestionStrategy {
    public let questions: [Question]

    public init(group: QuestionGroup) {
        questions = group.questions
    }
}

/// Asks every question of the group once, in an order drawn from a source of random numbers.
public nonisolated struct RandomQuestionStrategy: QuestionStrategy {
    public let questions: [Question]

    /// Draws the order from `generator`. The app passes the system's generator; a test passes one
    /// it controls, so that it knows what "random" will give.
    public init(group: QuestionGroup, using generator: inout some RandomNumberGenerator) {
        // TODO: Step 4. Nothing is shuffled: the questions come out in the group's own order.
        // Shuffle them, drawing every random number from `generator` and from nowhere else.
        questions = group.questions
    }
}
