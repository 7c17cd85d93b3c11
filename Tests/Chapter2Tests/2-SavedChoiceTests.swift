import Chapter2
import Foundation
import Testing

@Suite("The player's choice is saved in the instance's own store")
@MainActor
struct SavedChoiceTests {
    @Test("A choice made on one instance is read back by a new instance on the same store")
    func newInstanceReadsTheChoice() throws {
        try withTemporaryStoreOnDisk { store, savedFile in
            // Both orders, one after the other, so that no single answer can pass by luck.
            // An instance made before the choice, as another screen holds one, reads it too.
            let otherScreen = AppSettings(store: store)
            _ = otherScreen.questionStrategyType
            for choice in QuestionStrategyType.allCases {
                AppSettings(store: store).questionStrategyType = choice
                let nextLaunch = AppSettings(store: store)
                #expect(
                    nextLaunch.questionStrategyType == choice,
                    """
                    The player chose \(choice), but a new AppSettings on the same store reads \
                    \(nextLaunch.questionStrategyType). The choice has to live in the store, not in \
                    the object, or the next launch of the app forgets it.
                    """)
                #expect(
                    otherScreen.questionStrategyType == choice,
                    """
                    The player chose \(choice) on one AppSettings, and another one on the same store, made \
                    earlier, still reads \(otherScreen.questionStrategyType). Read the choice from the store \
                    each time: a copy kept in the object goes stale as soon as anything else writes the store.
                    """)
            }

            // On Linux the test can also see what reaches the disk, which is all the next launch has.
            guard let savedFile else { return }
            for choice in QuestionStrategyType.allCases {
                AppSettings(store: store).questionStrategyType = choice
                let saved = savedValue(forKey: AppSettings.questionStrategyKey, in: savedFile)
                let inTheStore = store.object(forKey: AppSettings.questionStrategyKey)
                #expect(
                    saved as? Int == choice.rawValue,
                    inTheStore as? Int == choice.rawValue
                        ? """
                        The player chose \(choice), and the store holds it, but the store's file holds \
                        \(saved.map { "\($0)" } ?? "nothing") for it, so the next launch of the app would not \
                        know. On Linux, swift-corelibs-foundation writes a store to disk only when you call \
                        `synchronize()` on it after a change.
                        """
                        : """
                        The player chose \(choice), but the store holds \(inTheStore.map { "\($0)" } ?? "nothing") \
                        under "\(AppSettings.questionStrategyKey)", so nothing of the choice can reach the disk \
                        for the next launch. Store the choice's raw value under that key.
                        """)
            }
        }
    }

    @Test("The choice is saved under questionStrategyKey as its raw value, for the rest of the app to read")
    func choiceIsStoredUnderTheKey() throws {
        try withTemporaryStore { store in
            let settings = AppSettings(store: store)
            for choice in QuestionStrategyType.allCases {
                settings.questionStrategyType = choice
                let stored = store.object(forKey: AppSettings.questionStrategyKey)
                #expect(
                    stored as? Int == choice.rawValue,
                    """
                    After choosing \(choice), the store holds \(stored.map { "\($0)" } ?? "nothing") under \
                    "\(AppSettings.questionStrategyKey)". It should hold \(choice.rawValue), the raw value \
                    of the choice.
                    """)
            }
            // A choice saved by an earlier launch, or by another part of the app.
            for choice in QuestionStrategyType.allCases {
                store.set(choice.rawValue, forKey: AppSettings.questionStrategyKey)
                let read = AppSettings(store: store).questionStrategyType
                #expect(
                    read == choice,
                    """
                    The store holds \(choice.rawValue) under "\(AppSettings.questionStrategyKey)", which \
                    means \(choice), but AppSettings reads \(read).
                    """)
            }
        }
    }

    @Test("A choice stays in its own store: other instances, the shared one included, do not see it")
    func choicesStayApart() throws {
        // Reading the shared settings runs the code under test on the standard store: the guard
        // reports, and undoes, anything that code writes there.
        try keepingTheStandardStore {
            // Only read, never written: the tests leave the real standard store alone.
            let sharedChoice = AppSettings.shared.questionStrategyType

            try withTemporaryStore { firstStore in
                try withTemporaryStore { secondStore in
                    let first = AppSettings(store: firstStore)
                    let second = AppSettings(store: secondStore)
                    let rounds: [(QuestionStrategyType, QuestionStrategyType)] = [
                        (.random, .sequential), (.sequential, .random),
                    ]
                    for (firstChoice, secondChoice) in rounds {
                        first.questionStrategyType = firstChoice
                        second.questionStrategyType = secondChoice

                        let firstAgain = AppSettings(store: firstStore).questionStrategyType
                        let secondAgain = AppSettings(store: secondStore).questionStrategyType
                        #expect(
                            firstAgain == firstChoice && secondAgain == secondChoice,
                            """
                            Two stores, two choices: \(firstChoice) in the first and \(secondChoice) in the \
                            second. New instances read \(firstAgain) from the first and \(secondAgain) from \
                            the second. Each instance must save its choice in its own store, and only there.
                            """)
                    }
                }
            }

            #expect(
                AppSettings.shared.questionStrategyType == sharedChoice,
                """
                Choices made on instances with stores of their own changed what AppSettings.shared reads. \
                They must stay in their own stores and never reach the standard one.
                """)
        }
    }
}
