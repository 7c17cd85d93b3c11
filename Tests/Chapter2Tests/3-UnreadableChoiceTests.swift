import Chapter2
import Foundation
import Testing

@Suite("A missing or unreadable choice falls back to the default order, and stays in the store")
@MainActor
struct UnreadableChoiceTests {
    @Test("A player who has not chosen yet gets the default order, and the store stays empty")
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
            let afterReading = emptyStore.object(forKey: AppSettings.questionStrategyKey)
            #expect(
                afterReading == nil,
                """
                Reading the choice from an empty store wrote \(describe(afterReading)) into it. Reading \
                never writes: until the player chooses, the store holds nothing, and the default \
                is what the getter answers.
                """)
        }
    }

    @Test("A stored number that no order has gives the default order, and stays in the store")
    func unknownRawValue() throws {
        // 2 is what a newer version of the app could save for an order this version does not know.
        for unknown in [2, 99, -1] {
            try withTemporaryStore { store in
                store.set(unknown, forKey: AppSettings.questionStrategyKey)
                let stored = describe(store.object(forKey: AppSettings.questionStrategyKey))
                let read = AppSettings(store: store).questionStrategyType
                #expect(
                    read == AppSettings.defaultQuestionStrategyType,
                    """
                    The store holds \(unknown), a number no order has, and AppSettings reads \(read). \
                    It should fall back to \(AppSettings.defaultQuestionStrategyType), the default. \
                    (Force-unwrapping `QuestionStrategyType(rawValue:)` would crash the app here.)
                    """)
                expectStillStored(stored, in: store, what: "\(unknown), a number no order has")
            }
        }
    }

    @Test("A stored value of the wrong type gives the default order, and stays in the store")
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
                let stored = describe(store.object(forKey: AppSettings.questionStrategyKey))
                let read = AppSettings(store: store).questionStrategyType
                #expect(
                    read == AppSettings.defaultQuestionStrategyType,
                    """
                    The store holds \(wrong.description) where a number belongs, and AppSettings reads \
                    \(read). It should fall back to \(AppSettings.defaultQuestionStrategyType), the default. \
                    (`integer(forKey:)` turns a value it cannot read into 0, which looks like a real choice.)
                    """)
                expectStillStored(stored, in: store, what: wrong.description)
            }
        }
    }

    /// Expects the store to hold, after the choice was read, what it held before.
    func expectStillStored(
        _ stored: String, in store: UserDefaults, what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let afterReading = describe(store.object(forKey: AppSettings.questionStrategyKey))
        #expect(
            afterReading == stored,
            """
            The store held \(what); after the choice was read, it holds \(afterReading). Reading \
            never writes: leave a value you cannot read where it is. A newer version of the app \
            may have saved it, and will want it back when the player returns to that version.
            """,
            sourceLocation: sourceLocation)
    }
}
