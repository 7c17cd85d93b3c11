import Chapter2
import Foundation
import Testing
import WorkbookSupport

@Suite("The settings follow the store, whatever happens in whatever order")
@MainActor
struct SettingsRuleTests {
    @Test("Every instance reads its store's choice, keeps odd data as it is, and hands out the matching round")
    func settingsFollowTheirStore() async {
        await expectRule(
            "an instance's order is the last choice saved in its store by any instance, or the default when the "
                + "store holds nothing readable; reading never changes the store; a sequential round is the group "
                + "in the author's order, a random round asks each question as often as the group does, in an "
                + "order fixed by the random source",
            boundaries: SettingsStep.boundaries,
            generated: 40,
            generate: SettingsStep.scenario(using:),
            shrink: { Shrink.sequence($0, simplifyingStep: SettingsStep.simpler) },
            tell: SettingsStep.tell,
            check: { steps in
                try withTemporaryStore { first in
                    try withTemporaryStore { second in
                        SettingsStep.firstDifference(running: steps, stores: [first, second])
                    }
                }
            }
        )
    }
}

/// What another version of the app may have left under the key.
enum ForeignValue: Equatable, Sendable {
    case number(Int)
    case decimal(Double)
    case text(String)
    case date

    var plistValue: Any {
        switch self {
        case .number(let number): number
        case .decimal(let decimal): decimal
        case .text(let text): text
        case .date: Date(timeIntervalSince1970: 1_700_000_000)
        }
    }

    var told: String {
        switch self {
        case .number(let number): "the number \(number)"
        case .decimal(let decimal): "the number \(decimal)"
        case .text(let text): "the text \"\(text)\""
        case .date: "a date"
        }
    }
}

/// One thing that happens to the settings, for the rule above. Instances are numbered in the order
/// they were made; instance 0 is on store 0 and instance 1 on store 1 from the start.
enum SettingsStep: Equatable, Sendable {
    case newInstance(store: Int)
    case choose(instance: Int, QuestionStrategyType)
    case read(instance: Int)
    case leftByAnotherVersion(store: Int, ForeignValue)
    /// A round of a group of `size` questions (`repeated`: its first question comes twice), drawn
    /// with a random source started from `seed`.
    case round(instance: Int, size: Int, repeated: Bool, seed: UInt64)

    static let foreignValues: [ForeignValue] = [
        .number(2), .number(-1), .number(99), .decimal(0.5), .decimal(1.5), .text("Random"), .text("0"),
        .text("sequential"), .date,
    ]

    /// Always checked: a choice read back by a new instance and by one made before it; two stores
    /// that stay apart; odd data, then a choice over it; rounds of 0, 1 and a repeated question.
    static let boundaries: [[SettingsStep]] = [
        [.choose(instance: 0, .random), .newInstance(store: 0), .read(instance: 2)],
        [.newInstance(store: 0), .choose(instance: 2, .random), .read(instance: 0)],
        [.choose(instance: 0, .random), .read(instance: 1), .choose(instance: 1, .sequential), .read(instance: 0)],
        [.choose(instance: 0, .random), .choose(instance: 0, .sequential), .read(instance: 0)],
        [
            .leftByAnotherVersion(store: 0, .number(2)), .read(instance: 0), .choose(instance: 0, .random),
            .read(instance: 0),
        ],
        [.leftByAnotherVersion(store: 0, .text("0")), .read(instance: 0)],
        [.leftByAnotherVersion(store: 1, .decimal(0.5)), .read(instance: 1)],
        [.choose(instance: 0, .random), .round(instance: 0, size: 0, repeated: false, seed: 1)],
        [.choose(instance: 0, .random), .round(instance: 0, size: 1, repeated: false, seed: 2)],
        [.choose(instance: 0, .random), .round(instance: 0, size: 3, repeated: true, seed: 3)],
        [.round(instance: 0, size: 4, repeated: true, seed: 4)],
    ]

    static func scenario(using random: inout SeededRandom) -> [SettingsStep] {
        var instances = 2
        var steps: [SettingsStep] = []
        for _ in 0..<random.intNearEdges(in: 1...10) {
            switch random.int(in: 0...9) {
            case 0:
                steps.append(.newInstance(store: random.int(in: 0...1)))
                instances += 1
            case 1, 2, 3:
                steps.append(
                    .choose(instance: random.int(in: 0...(instances - 1)), random.pick([.random, .sequential])))
            case 4, 5: steps.append(.read(instance: random.int(in: 0...(instances - 1))))
            case 6: steps.append(.leftByAnotherVersion(store: random.int(in: 0...1), random.pick(foreignValues)))
            default:
                steps.append(
                    .round(
                        instance: random.int(in: 0...(instances - 1)), size: random.intNearEdges(in: 0...9),
                        repeated: random.chance(0.3), seed: random.next() & 0xFFFF))
            }
        }
        steps.append(.read(instance: random.int(in: 0...(instances - 1))))
        return steps
    }

    /// Simpler: the first instances and stores, smaller rounds.
    static func simpler(_ step: SettingsStep) -> [SettingsStep] {
        switch step {
        case .round(let instance, let size, let repeated, let seed):
            Shrink.int(size, toward: 0).map { .round(instance: instance, size: $0, repeated: repeated, seed: seed) }
                + (repeated ? [.round(instance: instance, size: size, repeated: false, seed: seed)] : [])
        case .newInstance(let store): store != 0 ? [.newInstance(store: 0)] : []
        default: []
        }
    }

    static func group(size: Int, repeated: Bool) -> QuestionGroup {
        var questions = (1...max(1, size)).map { Question(prompt: "Question \($0)?", answer: "Answer \($0)") }
        if size == 0 { questions = [] }
        if repeated, let first = questions.first { questions.insert(first, at: min(2, questions.count)) }
        return QuestionGroup(title: "\(questions.count) questions", questions: questions)
    }

    /// Runs `steps` on fresh instances of the two stores; returns the first difference from the
    /// model, in words, or `nil`.
    @MainActor
    static func firstDifference(running steps: [SettingsStep], stores: [UserDefaults]) -> String? {
        let key = AppSettings.questionStrategyKey
        var instances = [(settings: AppSettings(store: stores[0]), store: 0), (AppSettings(store: stores[1]), 1)]
        // The model: what each store holds under the key.
        var held: [Int: ForeignValue] = [:]
        func expectedOrder(in store: Int) -> QuestionStrategyType {
            if case .number(let raw) = held[store], let order = QuestionStrategyType(rawValue: raw) { return order }
            return AppSettings.defaultQuestionStrategyType
        }
        func index(_ instance: Int) -> Int { min(instance, instances.count - 1) }

        for step in steps {
            switch step {
            case .newInstance(let store):
                instances.append((AppSettings(store: stores[store]), store))
            case .choose(let instance, let order):
                let (settings, store) = instances[index(instance)]
                settings.questionStrategyType = order
                held[store] = .number(order.rawValue)
                let stored = stores[store].object(forKey: key) as? Int
                if stored != order.rawValue {
                    return "after choosing \(order), the store holds \(describe(stores[store].object(forKey: key))) "
                        + "under questionStrategyKey instead of \(order.rawValue), the choice's raw value."
                }
            case .read(let instance):
                let (settings, store) = instances[index(instance)]
                let before = describe(stores[store].object(forKey: key))
                let read = settings.questionStrategyType
                let after = describe(stores[store].object(forKey: key))
                if read != expectedOrder(in: store) {
                    return "instance \(index(instance)) read \(read) instead of \(expectedOrder(in: store))."
                }
                if before != after {
                    return "reading changed what the store holds, from \(before) to \(after)."
                }
            case .leftByAnotherVersion(let store, let value):
                stores[store].set(value.plistValue, forKey: key)
                held[store] = value
            case .round(let instance, let size, let repeated, let seed):
                let (settings, store) = instances[index(instance)]
                let group = group(size: size, repeated: repeated)
                var source = SeededRandom(seed: seed)
                let round = settings.questionStrategy(for: group, using: &source).questions
                var sameSource = SeededRandom(seed: seed)
                let again = settings.questionStrategy(for: group, using: &sameSource).questions
                let prompts = { (questions: [Question]) in questions.map(\.prompt) }
                switch expectedOrder(in: store) {
                case .sequential where round != group.questions:
                    return
                        "the sequential round of \(group.title) asked \(prompts(round)) instead of \(prompts(group.questions))."
                case .random
                where round.sorted(by: { $0.prompt < $1.prompt })
                    != group.questions.sorted(by: { $0.prompt < $1.prompt }):
                    return
                        "the random round of \(group.title) asked \(prompts(round)): not each of \(prompts(group.questions)) as often as the group has it."
                case .random where round != again:
                    return
                        "two random rounds of \(group.title) drawn from the same seed differ: \(prompts(round)) and \(prompts(again))."
                default: break
                }
            }
        }
        return nil
    }

    static func tell(_ steps: [SettingsStep]) -> String {
        var instances = [0, 1]
        func name(_ instance: Int) -> String {
            let index = min(instance, instances.count - 1)
            return "instance \(index) (on store \(instances[index] == 0 ? "A" : "B"))"
        }
        return numberedSteps(
            steps.map { step in
                switch step {
                case .newInstance(let store):
                    instances.append(store)
                    return
                        "A new instance, instance \(instances.count - 1), is made on store \(store == 0 ? "A" : "B")."
                case .choose(let instance, let order): return "The player chooses \(order) on \(name(instance))."
                case .read(let instance): return "\(name(instance).capitalizedFirst) is asked for the order."
                case .leftByAnotherVersion(let store, let value):
                    return
                        "Another version of the app leaves \(value.told) under the key in store \(store == 0 ? "A" : "B")."
                case .round(let instance, let size, let repeated, let seed):
                    return
                        "\(name(instance).capitalizedFirst) hands out a round of \(group(size: size, repeated: repeated).title)"
                        + "\(repeated && size > 0 ? " (the first one twice)" : ""), with a random source from seed \(seed)."
                }
            })
    }
}

extension String {
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
