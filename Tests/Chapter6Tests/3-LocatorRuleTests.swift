import Chapter6
import Foundation
import Testing
import WorkbookSupport

@Suite("The locator follows its rule over any sequence of registrations and requests")
struct LocatorRuleTests {
    @Test("Each type hands out its latest registration, or throws naming the type; one type never disturbs another")
    func locatorFollowsTheModel() async {
        await expectRule(
            "for every type, the locator hands out the service of the latest registration that has finished "
                + "starting, as that type; before any has, asking throws an error that names the type; "
                + "registering one type never changes what another hands out, also while a start is under way",
            boundaries: LocatorStep.boundaries,
            generated: 80,
            generate: LocatorStep.scenario(using:),
            shrink: { Shrink.sequence($0, simplifyingStep: LocatorStep.simpler) },
            tell: LocatorStep.tell,
            check: { steps in
                await LocatorStep.firstDifference(running: steps)
            }
        )
    }
}

/// Four kinds of service, for the rule: each is a protocol, as an app's services are, and each
/// service carries a number that tells which registration made it.
protocol MailService: Sendable { var number: Int { get } }
protocol MapService: Sendable { var number: Int { get } }
protocol PaymentService: Sendable { var number: Int { get } }
protocol ChatService: Sendable { var number: Int { get } }
struct NumberedService: MailService, MapService, PaymentService, ChatService {
    let number: Int
}

/// One thing that happens to a locator. `kind` is 0…3: mail, map, payment, chat.
enum LocatorStep: Equatable, Sendable {
    /// A registration of `kind` whose service starts at once.
    case register(kind: Int, number: Int)
    /// A registration of `kind` whose start is held until `finishStarting`.
    case beginRegistering(kind: Int, number: Int)
    /// The held start finishes, and its registration with it.
    case finishStarting
    /// Another registration of the kind whose start is held, starting at once. It matters where
    /// registering returns before the service starts (a locator that starts a service when first
    /// asked for): the registration held is then over, and this one must win. Where the held
    /// registration is still under way, which of the two wins is the lesson's to leave open, and
    /// this step does nothing.
    case replaceWhileStarting(kind: Int, number: Int)
    case resolve(kind: Int)

    static let kindNames = ["any MailService", "any MapService", "any PaymentService", "any ChatService"]

    /// Always checked: nothing registered; a replacement; two kinds side by side; a replacement
    /// still starting while its kind and another are asked for; a registration replaced while a
    /// request waits for its service to start.
    static let boundaries: [[LocatorStep]] = [
        [.resolve(kind: 0)],
        [.register(kind: 0, number: 1), .register(kind: 0, number: 2), .resolve(kind: 0)],
        [
            .register(kind: 0, number: 1), .register(kind: 1, number: 2), .resolve(kind: 0), .resolve(kind: 1),
            .resolve(kind: 2),
        ],
        [
            .register(kind: 0, number: 1), .beginRegistering(kind: 0, number: 2), .resolve(kind: 0),
            .register(kind: 1, number: 3), .resolve(kind: 1), .finishStarting, .resolve(kind: 0), .resolve(kind: 1),
        ],
        [.beginRegistering(kind: 2, number: 1), .resolve(kind: 2), .finishStarting, .resolve(kind: 2)],
        [
            .beginRegistering(kind: 0, number: 1), .resolve(kind: 0), .replaceWhileStarting(kind: 0, number: 2),
            .finishStarting, .resolve(kind: 0),
        ],
    ]

    static func scenario(using random: inout SeededRandom) -> [LocatorStep] {
        var steps: [LocatorStep] = []
        var heldKind: Int?
        var number = 0
        for _ in 0..<random.intNearEdges(in: 1...12) {
            number += 1
            // While a start is held, its own kind is only asked for: which of two overlapping
            // registrations of one kind wins is the lesson's to leave open.
            let kind = random.int(in: 0...3)
            switch random.int(in: 0...6) {
            case 0...1 where kind != heldKind: steps.append(.register(kind: kind, number: number))
            case 2 where heldKind == nil:
                steps.append(.beginRegistering(kind: kind, number: number))
                heldKind = kind
            case 3 where heldKind != nil:
                steps.append(.finishStarting)
                heldKind = nil
            case 4:
                if let heldKind { steps.append(.replaceWhileStarting(kind: heldKind, number: number)) }
            default: steps.append(.resolve(kind: kind))
            }
        }
        if heldKind != nil { steps.append(.finishStarting) }
        steps.append(.resolve(kind: random.int(in: 0...3)))
        return steps
    }

    static func simpler(_ step: LocatorStep) -> [LocatorStep] {
        if case .beginRegistering(let kind, let number) = step { return [.register(kind: kind, number: number)] }
        return []
    }

    /// Runs `steps` on a new locator; returns the first difference from the model, or `nil`.
    static func firstDifference(running steps: [LocatorStep]) async -> String? {
        let locator = ServiceLocator()
        var finished: [Int: Int] = [:]  // the model: kind → number of its latest finished registration
        // The registration whose service is held while starting. `returnedFirst`: registering
        // returned before the service started (it starts when first asked for), so the
        // registration itself is over and only the start is held.
        var held: (kind: Int, number: Int, registration: Task<Void, Never>, gate: Gate, returnedFirst: Bool)?
        // Requests for the kind that is starting: each may get the service in place at once, or wait
        // for the one starting (the lesson allows both), so they are judged once it has started.
        var waiting: [(step: Int, kind: Int, allowed: Set<Int?>, answer: Task<Int?, Never>)] = []
        func judgeWaiting() async -> String? {
            defer { waiting = [] }
            for request in waiting {
                let answer = await request.answer.value
                guard !request.allowed.contains(answer) else { continue }
                let allowed = request.allowed.map { $0.map { "the service of registration \($0)" } ?? "an error" }
                return "at step \(request.step), asking for \(kindNames[request.kind]) while its replacement was "
                    + "starting gave \(answer.map { "the service of registration \($0)" } ?? "an error"); "
                    + "allowed: \(allowed.sorted().joined(separator: " or "))."
            }
            return nil
        }

        for (stepNumber, step) in zip(1..., steps) {
            switch step {
            case .register(let kind, let number):
                await register(kind, number, in: locator) {}
                finished[kind] = number
            case .beginRegistering(let kind, let number):
                let gate = Gate(patience: .seconds(10))
                let returned = Flag()
                let registration = Task {
                    await register(kind, number, in: locator) { await gate.pass() }
                    returned.raise()
                }
                let startedOrReturned = await waitUntil(timeLimit: .seconds(5)) {
                    await gate.arrivals > 0 || returned.isRaised
                }
                if !startedOrReturned {
                    await gate.open()
                    return "registering \(kindNames[kind]) neither started its service nor returned within 5 s."
                }
                // A locator that starts services only when first asked for returns at once: the
                // registration is done, and the service will start, held, when someone asks.
                if returned.isRaised { finished[kind] = number }
                held = (kind, number, registration, gate, returned.isRaised)
            case .finishStarting:
                guard let registration = held else { continue }
                await registration.gate.open()
                await registration.registration.value
                if !registration.returnedFirst { finished[registration.kind] = registration.number }
                held = nil
                if let wrong = await judgeWaiting() { return wrong }
            case .replaceWhileStarting(let kind, let number):
                guard let registration = held, registration.returnedFirst, registration.kind == kind else { continue }
                await register(kind, number, in: locator) {}
                finished[kind] = number
                // A request already waiting may get either registration's service.
                waiting = waiting.map { ($0.step, $0.kind, $0.allowed.union([number]), $0.answer) }
            case .resolve(let kind) where kind == held?.kind:
                let allowed: Set<Int?> = [finished[kind], held?.number]
                let answered = Flag()
                let answer = Task {
                    let number = try? await resolve(kind, from: locator)
                    answered.raise()
                    return number
                }
                waiting.append((stepNumber, kind, allowed, answer))
                // Where the service starts when first asked for, the first request starts it: wait
                // until it has (or was answered otherwise), so that the next step comes after it.
                if let registration = held, registration.returnedFirst, await registration.gate.arrivals == 0 {
                    _ = await waitUntil(timeLimit: .seconds(10)) {
                        await registration.gate.arrivals > 0 || answered.isRaised
                    }
                }
            case .resolve(let kind):
                let expected = finished[kind]
                do {
                    let number = try await resolve(kind, from: locator)
                    if number != expected {
                        return "asking for \(kindNames[kind]) gave the service of registration \(number), "
                            + (expected.map { "not that of registration \($0), the latest to finish starting." }
                                ?? "though no registration of it had finished starting: it should throw.")
                    }
                } catch {
                    if let expected {
                        return "asking for \(kindNames[kind]) threw (\(error)), though registration \(expected) had "
                            + "finished starting."
                    }
                    let name = kindNames[kind].replacingOccurrences(of: "any ", with: "")
                    if !String(describing: error).contains(name) {
                        return "asking for \(kindNames[kind]), which nobody registered, threw an error that does not "
                            + "name it: \"\(error)\"."
                    }
                }
            }
        }
        if let held {
            await held.gate.open()
            await held.registration.value
        }
        return await judgeWaiting()
    }

    static func register(
        _ kind: Int, _ number: Int, in locator: ServiceLocator, whileStarting: @escaping @Sendable () async -> Void
    ) async {
        let service = NumberedService(number: number)
        switch kind {
        case 0:
            await locator.register((any MailService).self) {
                await whileStarting()
                return service
            }
        case 1:
            await locator.register((any MapService).self) {
                await whileStarting()
                return service
            }
        case 2:
            await locator.register((any PaymentService).self) {
                await whileStarting()
                return service
            }
        default:
            await locator.register((any ChatService).self) {
                await whileStarting()
                return service
            }
        }
    }

    static func resolve(_ kind: Int, from locator: ServiceLocator) async throws -> Int {
        switch kind {
        case 0: try await locator.resolve((any MailService).self).number
        case 1: try await locator.resolve((any MapService).self).number
        case 2: try await locator.resolve((any PaymentService).self).number
        default: try await locator.resolve((any ChatService).self).number
        }
    }

    static func tell(_ steps: [LocatorStep]) -> String {
        var held: Int?
        return numberedSteps(
            steps.map { step in
                switch step {
                case .register(let kind, let number):
                    return "Registration \(number): a \(kindNames[kind]) is registered, and starts at once."
                case .beginRegistering(let kind, let number):
                    held = number
                    return "Registration \(number): a \(kindNames[kind]) is registered; its service is still starting."
                case .finishStarting:
                    defer { held = nil }
                    return "The service of registration \(held.map(String.init) ?? "?") finishes starting."
                case .replaceWhileStarting(let kind, let number):
                    return "Registration \(number): another \(kindNames[kind]) is registered while the service of "
                        + "registration \(held.map(String.init) ?? "?") is still starting; this one starts at once."
                case .resolve(let kind): return "Someone asks for \(kindNames[kind])."
                }
            })
    }
}
