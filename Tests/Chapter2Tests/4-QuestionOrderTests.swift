import Chapter2
import Testing
import WorkbookSupport

@Suite("The settings hand out the order the player chose")
@MainActor
struct QuestionOrderTests {
    /// Fifty random sources the test controls: each seed always gives the same numbers.
    let seeds: ClosedRange<UInt64> = 1...50
    let group = QuestionGroup.capitals

    @Test("A random strategy asks every question once, in an order its random source decides")
    func randomStrategyShuffles() {
        let (orders, brokenOrders, unrepeatable, untouchedSources) = survey {
            RandomQuestionStrategy(group: group, using: &$0).questions
        }

        #expect(
            brokenOrders == 0,
            """
            For \(brokenOrders) of \(seeds.count) random sources, the random strategy lost, added or \
            repeated questions. It should ask every question of the group exactly once.
            """)
        #expect(
            unrepeatable == 0,
            """
            For \(unrepeatable) of \(seeds.count) random sources, two strategies built with the same \
            source gave different orders. The strategy must draw its randomness from the generator it \
            is given, and from nowhere else.
            """)
        #expect(
            orders.count > 1,
            """
            With \(seeds.count) different random sources, the random strategy always gave the same \
            order\(orders == [group.questions] ? ", the group's own" : ""). It should shuffle the \
            questions, drawing from the generator it is given.
            """)
        #expect(
            untouchedSources == 0,
            """
            For \(untouchedSources) of \(seeds.count) random sources, the source had not moved on after \
            the strategy drew its order: the order came from a copy of it, so the next round drawn \
            from that source repeats this one. Shuffle with the generator itself (`&generator`), not \
            a copy of it.
            """)

        // Over two hundred sources, a fair shuffle puts every question in every place at least
        // once: a given question misses a given place with a chance of (7/8)^200, about 10^-12.
        let count = group.questions.count
        var seen = Set<[Int]>()
        for seed in UInt64(1)...200 {
            var source = SeededRandom(seed: seed)
            let order = RandomQuestionStrategy(group: group, using: &source).questions
            for (place, question) in order.enumerated() {
                if let index = group.questions.firstIndex(of: question) { seen.insert([index, place]) }
            }
        }
        let neverSeen = (0..<count).flatMap { index in (0..<count).map { [index, $0] } }.filter { !seen.contains($0) }
        #expect(
            neverSeen.isEmpty,
            """
            Over 200 random sources, some questions never came in some places \
            (\(neverSeen.prefix(3).map { "question \($0[0] + 1) never in place \($0[1] + 1)" }.joined(separator: ", "))\
            \(neverSeen.count > 3 ? ", …" : "")). A fair shuffle can put any question anywhere: is a \
            loop's range off by one? `shuffled(using:)` does it right.
            """)

        // Every order can come out, the group's own included: over 200 sources, a fair shuffle of
        // two or three questions misses one of its orders with a chance below 10^-15.
        for size in 2...3 {
            let small = QuestionGroup(
                title: "\(size) questions",
                questions: (1...size).map { Question(prompt: "Question \($0)?", answer: "Answer \($0)") })
            var drawn = Set<[Question]>()
            for seed in UInt64(1)...200 {
                var source = SeededRandom(seed: seed)
                drawn.insert(RandomQuestionStrategy(group: small, using: &source).questions)
            }
            let orderCount = size == 2 ? 2 : 6
            #expect(
                drawn.count == orderCount,
                """
                Over 200 random sources, a group of \(size) questions came out in \(drawn.count) of its \
                \(orderCount) orders\(drawn.contains(small.questions) ? "" : ", never in the group's own"). \
                A random round may come out in any order, the author's included: a strategy that \
                draws again until the order changes, or skips some orders, is not fair, and one that \
                redraws forever hangs on a group whose questions are all the same.
                """)
        }

        // Rounds drawn one after the other from one source differ: the source moves on.
        var oneSource = SeededRandom(seed: 7)
        let rounds = (1...5).map { _ in RandomQuestionStrategy(group: group, using: &oneSource).questions }
        #expect(
            Set(rounds).count > 1,
            """
            Five rounds drawn one after the other from the same random source were all in the same \
            order: the strategy shuffles with a copy of the generator, so the caller's never moves on. \
            Pass the generator itself on (`shuffled(using: &generator)`, with the parameter `inout`).
            """)
    }

    @Test("The settings hand out the order the player chose, drawn from the random source they are given")
    func settingsHandOutTheChosenOrder() throws {
        try withTemporaryStore { store in
            let settings = AppSettings(store: store)

            settings.questionStrategyType = .sequential
            let reordered = seeds.filter { seed in
                var source = SeededRandom(seed: seed)
                return settings.questionStrategy(for: group, using: &source).questions != group.questions
            }
            #expect(
                reordered.isEmpty,
                """
                The player chose sequential, yet for \(reordered.count) of \(seeds.count) random sources \
                the round's order differs from the group's own.
                """)

            settings.questionStrategyType = .random
            let (orders, brokenOrders, unrepeatable, untouchedSources) = survey {
                settings.questionStrategy(for: group, using: &$0).questions
            }
            #expect(
                brokenOrders == 0,
                """
                The player chose random, and for \(brokenOrders) of \(seeds.count) random sources the \
                round lost, added or repeated questions.
                """)
            #expect(
                unrepeatable == 0,
                """
                The player chose random, and for \(unrepeatable) of \(seeds.count) random sources the \
                same source gave two different orders: the settings must pass their generator on to \
                the random strategy.
                """)
            #expect(
                orders.count > 1,
                """
                The player chose random, yet \(seeds.count) different random sources all gave the same \
                order\(orders == [group.questions] ? ", the group's own" : ""). Hand out a random \
                strategy when the player chose random.
                """)
            #expect(
                untouchedSources == 0,
                """
                The player chose random, and for \(untouchedSources) of \(seeds.count) random sources the \
                source had not moved on after the round was drawn: the settings shuffled with a copy of \
                it, so the caller's next round repeats this one. Pass the generator itself on \
                (`&generator`).
                """)
        }
    }

    @Test("Without a random source of their own, the settings still shuffle a random round")
    func systemRandomnessShuffles() throws {
        try withTemporaryStore { store in
            let settings = AppSettings(store: store)

            settings.questionStrategyType = .sequential
            let sequentialOrder = settings.questionStrategy(for: group).questions
            #expect(
                sequentialOrder == group.questions,
                "The player chose sequential, yet the round does not ask the questions in the group's order.")

            settings.questionStrategyType = .random
            // Twenty rounds of eight questions: a real shuffle gives them all the same order less
            // than once in 10^87 runs.
            let orders = (1...20).map { _ in settings.questionStrategy(for: group).questions }
            #expect(
                orders.allSatisfy { isOrdering($0, of: group) },
                "The player chose random, and a round lost, added or repeated questions.")
            #expect(
                Set(orders).count > 1,
                """
                The player chose random, yet twenty rounds all asked the questions in the same \
                order. `questionStrategy(for:)` should shuffle with the system's random generator.
                """)
        }
    }

    /// Draws an order with each seed, twice: the different orders seen, how many were not an
    /// ordering of the group's questions, how many seeds gave two different orders, and how many
    /// sources had not moved on afterwards (the order was drawn from a copy of the caller's source,
    /// so the caller's next round would repeat this one).
    func survey(
        _ order: (inout SeededRandom) -> [Question]
    ) -> (orders: Set<[Question]>, brokenOrders: Int, unrepeatable: Int, untouchedSources: Int) {
        var orders: Set<[Question]> = []
        var brokenOrders = 0
        var unrepeatable = 0
        var untouchedSources = 0
        for seed in seeds {
            var source = SeededRandom(seed: seed)
            var sameSource = SeededRandom(seed: seed)
            let first = order(&source)
            if !isOrdering(first, of: group) { brokenOrders += 1 }
            if first != order(&sameSource) { unrepeatable += 1 }
            var untouched = SeededRandom(seed: seed)
            if source.next() == untouched.next() { untouchedSources += 1 }
            orders.insert(first)
        }
        return (orders, brokenOrders, unrepeatable, untouchedSources)
    }
}
