import Chapter5
import Foundation
import Testing
import WorkbookSupport

@Suite("The image cache behaves as a least-recently-used cache, whatever the sequence")
struct CacheRuleTests {
    @Test("Over any sequence of stores and reads, the cache holds what an LRU cache of its limit holds")
    func cacheFollowsTheModel() async {
        await expectRule(
            "a cache with limit L keeps the L pictures used most recently (storing or reading a picture it holds "
                + "uses it; asking for one it does not hold uses nothing); it answers every read with the picture "
                + "stored last for that URL, or nothing, and never holds more than L",
            boundaries: CacheScenario.boundaries,
            generated: 400,
            generate: CacheScenario.init(using:),
            shrink: { $0.smaller },
            tell: { $0.told },
            check: { scenario in
                await scenario.firstDifference()
            }
        )
    }
}

/// A limit and a sequence of operations on a cache, for the rule above.
struct CacheScenario: Sendable {
    enum Step: Equatable, Sendable {
        /// Stores version `version` of picture `picture`.
        case store(picture: Int, version: Int)
        case read(picture: Int)
    }

    var limit: Int
    var steps: [Step]

    /// Always checked: a limit of 0; a limit of 1 with two pictures; the same picture stored twice
    /// at the limit; a read that saves a picture from eviction; a miss before the cache is full.
    static let boundaries: [CacheScenario] = [
        CacheScenario(limit: 0, steps: [.store(picture: 1, version: 1), .read(picture: 1)]),
        CacheScenario(
            limit: 1,
            steps: [
                .store(picture: 1, version: 1), .store(picture: 2, version: 1), .read(picture: 1), .read(picture: 2),
            ]),
        CacheScenario(
            limit: 2,
            steps: [
                .store(picture: 1, version: 1), .store(picture: 2, version: 1), .store(picture: 2, version: 2),
                .read(picture: 1), .read(picture: 2),
            ]),
        CacheScenario(
            limit: 2,
            steps: [
                .store(picture: 1, version: 1), .store(picture: 2, version: 1), .read(picture: 1),
                .store(picture: 3, version: 1), .read(picture: 2), .read(picture: 1),
            ]),
        CacheScenario(
            limit: 2,
            steps: [
                .read(picture: 3), .store(picture: 1, version: 1), .read(picture: 4), .store(picture: 2, version: 1),
                .read(picture: 1), .read(picture: 2),
            ]),
    ]

    init(limit: Int, steps: [Step]) {
        self.limit = limit
        self.steps = steps
    }

    init(using random: inout SeededRandom) {
        limit = random.intNearEdges(in: 0...4)
        let pictures = random.int(in: 1...(limit + 3))
        steps = (0..<random.intNearEdges(in: 1...14)).map { _ in
            random.chance(0.5)
                ? .store(picture: random.int(in: 1...pictures), version: random.int(in: 1...2))
                : .read(picture: random.int(in: 1...pictures))
        }
    }

    /// What the rule expects after each step: the pictures held, least recently used first.
    func firstDifference() async -> String? {
        let cache = ImageCache(limit: limit)
        let run = UUID().uuidString
        func url(_ picture: Int) -> URL { URL(fileURLWithPath: "/pictures/\(run)/picture-\(picture).png") }
        func image(_ picture: Int, _ version: Int) -> Data { Data("picture \(picture), version \(version)".utf8) }

        var held: [(picture: Int, version: Int)] = []  // least recently used first
        for (number, step) in zip(1..., steps) {
            switch step {
            case .store(let picture, let version):
                await cache.insert(image(picture, version), for: url(picture))
                held.removeAll { $0.picture == picture }
                held.append((picture, version))
                if held.count > limit { held.removeFirst(held.count - limit) }
            case .read(let picture):
                let answer = await cache.image(for: url(picture))
                let expected = held.first { $0.picture == picture }
                if let index = held.firstIndex(where: { $0.picture == picture }) { held.append(held.remove(at: index)) }
                let expectedImage = expected.map { image(picture, $0.version) }
                if answer != expectedImage {
                    let seen = answer.map { "\"\(String(decoding: $0, as: UTF8.self))\"" } ?? "nothing"
                    let wanted = expected.map { "version \($0.version) of picture \(picture)" } ?? "nothing"
                    return "at step \(number), the cache answered \(seen) where it should hold \(wanted). "
                        + "It should hold \(Self.list(held.map(\.picture))) by then."
                }
            }
            let count = await cache.count
            if count != held.count {
                return "after step \(number), the cache holds \(count) picture(s) instead of \(held.count): "
                    + "\(Self.list(held.map(\.picture)))."
            }
        }
        return nil
    }

    var smaller: [CacheScenario] {
        Shrink.sequence(steps) { step in
            if case .store(let picture, 2) = step { [.store(picture: picture, version: 1)] } else { [] }
        }.map { CacheScenario(limit: limit, steps: $0) }
            + Shrink.int(limit, toward: 0).map { CacheScenario(limit: $0, steps: steps) }
    }

    var told: String {
        "A cache with a limit of \(limit):\n"
            + numberedSteps(
                steps.map { step in
                    switch step {
                    case .store(let picture, let version):
                        "Picture \(picture) is stored (version \(version))."
                    case .read(let picture): "Picture \(picture) is asked for."
                    }
                })
    }

    static func list(_ pictures: [Int]) -> String {
        pictures.isEmpty ? "nothing" : "pictures " + pictures.map(String.init).joined(separator: ", ")
    }
}
