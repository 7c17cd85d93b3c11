import Foundation

/// The quiz app's settings. For now they hold one choice: the order in which a round asks the
/// questions of a group. In an app, the settings screen writes the choice, the screen that starts a
/// round reads it, and `UserDefaults` keeps it from one launch to the next.
///
/// A "singleton plus": `shared` is the app's own settings on the standard store, and anyone may make
/// more instances, each on a store of its own, as `FileManager()` and `UserDefaults(suiteName:)` allow.
///
/// The settings live on the main actor, like the screens that use them. That also keeps their
/// `UserDefaults` inside one isolation domain, which compiles whether or not the platform's
/// Foundation marks `UserDefaults` as `Sendable` (swift-corelibs-foundation on Linux does not).
@MainActor
public final class AppSettings {
    /// The app's own settings, kept in the standard store. Every screen uses them. A constant:
    /// nobody can swap them for other settings, because code that needs others makes its own.
    public static let shared = AppSettings(store: .standard)

    /// The key under which the store keeps the player's choice, as the raw value of its
    /// `QuestionStrategyType`. Other parts of the app (a widget, an older version) read it too.
    /// A constant, so code on any actor may read it.
    nonisolated public static let questionStrategyKey = "questionStrategy"

    /// The order a player gets before choosing one, and whenever the stored choice cannot be read.
    nonisolated public static let defaultQuestionStrategyType = QuestionStrategyType.sequential

    /// The key-value store these settings live in.
    public let store: UserDefaults

    /// Settings kept in `store`: `UserDefaults.standard` for the app's own settings, or a store of
    /// their own (a suite) for a test, a second player profile or an app extension.
    public init(store: UserDefaults) {
        self.store = store
    }

    /// The order the player chose for the questions of a round.
    public var questionStrategyType: QuestionStrategyType {
        get {
            // Not `integer(forKey:)`: it turns a missing or unreadable value into 0, and 0 is a
            // real order (`.random`). Only a number that some order has counts as a choice.
            guard let rawValue = store.object(forKey: Self.questionStrategyKey) as? Int,
                let choice = QuestionStrategyType(rawValue: rawValue)
            else {
                return Self.defaultQuestionStrategyType
            }
            return choice
        }
        set {
            UserDefaults.standard.set(newValue.rawValue, forKey: Self.questionStrategyKey)
            // Apple's Foundation saves changes to disk on its own. swift-corelibs-foundation (Linux)
            // writes a store's file only when asked; without this, the next launch would not know.
            #if !canImport(Darwin)
                store.synchronize()
            #endif
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
        // An exhaustive switch: a new order added to the enum will not compile until it is handled here.
        switch questionStrategyType {
        case .random: RandomQuestionStrategy(group: group, using: &generator)
        case .sequential: SequentialQuestionStrategy(group: group)
        }
    }
}
