/// One question of the quiz and the answer the player has to give.
public nonisolated struct Question: Hashable, Sendable {
    public let prompt: String
    public let answer: String

    public init(prompt: String, answer: String) {
        self.prompt = prompt
        self.answer = answer
    }
}

/// Questions on one topic ("Capitals", "Rivers"). The player picks a group to start a round; in an
/// app the groups would come from a file bundled with it or from a server.
public nonisolated struct QuestionGroup: Hashable, Sendable {
    public let title: String
    /// In the order their author wrote them.
    public let questions: [Question]

    public init(title: String, questions: [Question]) {
        self.title = title
        self.questions = questions
    }
}
