import Chapter2
import Foundation
import Testing

@Suite("A missing or unreadable choice falls back to the default order")
@MainActor
struct UnreadableChoiceTests {
    @Test("A player who has not chosen yet gets the default order")
    func noChoiceYet() throws {
        try withTemporaryStore { emptyStore in
            let read = AppSettings(store: emptyStore).questionStrategyType
            #expect(
                read == AppSettings.defaultQuestionStrategyType,
                """
                The store is empty, so the player has not chosen, and AppSettings reads \(read). It \
                should give AppSettings.defaultQuestionStrategyType, \
                \(AppSettings.defaultQuestionStrategyType). (`integer(forKey:)` gives 0 for a missing \
                value, and 0 is the raw value of a real order.)
                """)
        }
    }

    @Test("A stored number that no order has gives the default order, instead of a crash")
    func unknownRawValue() throws {
        // 2 is what a newer version of the app could save for an order this version does not know.
        for unknown in [2, 99, -1] {
            try withTemporaryStore { store in
                store.set(unknown, forKey: AppSettings.questionStrategyKey)
                let read = AppSettings(store: store).questionStrategyType
                #expect(
                    read == AppSettings.defaultQuestionStrategyType,
                    """
                    The store holds \(unknown), a number no order has, and AppSettings reads \(read). \
                    It should fall back to \(AppSettings.defaultQuestionStrategyType), the default. \
                    (Force-unwrapping `QuestionStrategyType(rawValue:)` would crash the app here.)
                    """)
            }
        }
    }

    @Test("A stored value of the wrong type gives the default order, instead of being read as 0")
    func wrongType() throws {
        let wrongValues: [(description: String, value: Any)] = [
            ("the text \"Random\"", "Random"),
            ("a date", Date(timeIntervalSince1970: 0)),
            ("some bytes", Data([0x01])),
            ("a list", ["sequential"]),
        ]
        for wrong in wrongValues {
            try withTemporaryStore { store in
                store.set(wrong.value, forKey: AppSettings.questionStrategyKey)
                let read = AppSettings(store: store).questionStrategyType
                #expect(
                    read == AppSettings.defaultQuestionStrategyType,
                    """
                    The store holds \(wrong.description) where a number belongs, and AppSettings reads \
                    \(read). It should fall back to \(AppSettings.defaultQuestionStrategyType), the default. \
                    (`integer(forKey:)` turns a value it cannot read into 0, which looks like a real choice.)
                    """)
            }
        }
    }
}
