import Foundation

/// The quiz app's settings. For now they hold one choice: the order in which a round asks the
/// questions of a group. In an app, the settings screen writes the choice, the screen that starts a
/// round reads it, and `UserDefaults` keeps it from one launch to the next.
///
/// The settings live on the main actor, like the screens that use them.
@MainActor
public final class AppSettings {
    // TODO: Step 1. `shared` is a `var`, so any code in any module can swap the app's settings
    // for others, and every test that did so changed them for all the tests running beside it.
    // Make the shared instance a constant. Code that needs other settings makes its own instance.
    /// The app's own settings, kept in the standard store. Every screen uses them.
    public static var shared = AppSettings(store: .standard)

    /// The key under which the store keeps the player's choice, as the raw value of its
    /// `QuestionStrategyType`. Other parts of the app (a widget, an older version) read it too.
    /// A constant, so code on any actor may read it.
    nonisolated public static let questionStrategyKey = "questionStrategy"

    /// The order a player gets before choosing one, and whenever the stored choice cannot be read.
    nonisolated public static let defaultQuestionStrategyType = QuestionStrategyType.sequential

    // TODO: Step 1. Every instance says it uses the standard store, whatever store it was given:
    // the settings are still bound to `UserDefaults.standard`, as in the days of the strict
    // singleton. Let each instance keep the store it was made with.
    /// The key-value store these settings live in.
    public var store: UserDefaults { .standard }

    /// Settings kept in `store`: `UserDefaults.standard` for the app's own settings, or a store of
    /// their own (a suite) for a test, a second player profile or an app extension.
    public init(store: UserDefaults) {}

    // TODO: Step 2. The choice lives only in this object's memory. A new instance, like the next
    // launch of the app, never sees it, and nothing ever reaches the store. Read and write the
    // choice in `store` instead, under `questionStrategyKey`, then delete this property. (On
    // Linux the store reaches the disk only when you call `synchronize()`: see the lesson.)
    private var choiceInMemory = QuestionStrategyType.random

    /// The order the player chose for the questions of a round.
    public var questionStrategyType: QuestionStrategyType {
        get {
            // TODO: Step 3. Whatever the store holds under the key (nothing yet, a number no order
            // has, a value of another type), reading must give an order, never crash and never
            // write: fall back to `defaultQuestionStrategyType` and leave the store as it is.
            choiceInMemory
        }
        set {
            choiceInMemory = newValue
        }
    }

    /// The strategy for a round of `group`, in the order the player chose. A random order is drawn
    /// from the system's random number generator.
    public func questionStrategy(for group: QuestionGroup) -> any QuestionStrategy {
        var systemGenerator = SystemRandomNumberGenerator()
        return questionStrategy(for: group, using: &systemGenerator)
    }

    /// The strategy for a round of `group`, in the order the player chose. A random order is drawn
    /// from `generator`.
    public func questionStrategy(
        for group: QuestionGroup, using generator: inout some RandomNumberGenerator
    ) -> any QuestionStrategy {
        // TODO: Step 4. Every round is sequential, whatever the player chose. Hand out the
        // strategy that matches `questionStrategyType`, and give a random one this `generator`.
        SequentialQuestionStrategy(group: group)
    }
}
