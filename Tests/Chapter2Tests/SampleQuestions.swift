import Chapter2

extension QuestionGroup {
    /// Eight questions, all different, in the order their author wrote them. With eight there are
    /// 40,320 orders, so a real shuffle almost never gives the original one twice in a row.
    static let capitals = QuestionGroup(
        title: "Capitals",
        questions: [
            Question(prompt: "Capital of Norway?", answer: "Oslo"),
            Question(prompt: "Capital of Peru?", answer: "Lima"),
            Question(prompt: "Capital of Kenya?", answer: "Nairobi"),
            Question(prompt: "Capital of Canada?", answer: "Ottawa"),
            Question(prompt: "Capital of Vietnam?", answer: "Hanoi"),
            Question(prompt: "Capital of Portugal?", answer: "Lisbon"),
            Question(prompt: "Capital of Mongolia?", answer: "Ulaanbaatar"),
            Question(prompt: "Capital of Ghana?", answer: "Accra"),
        ])
}

/// Whether `order` holds every question of `group` exactly once, in any order.
func isOrdering(_ order: [Question], of group: QuestionGroup) -> Bool {
    order.count == group.questions.count && Set(order) == Set(group.questions)
}
