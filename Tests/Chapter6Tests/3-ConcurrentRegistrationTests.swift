import Chapter6
import Foundation
import Testing
import WorkbookSupport

@Suite("The locator is safe to use from many tasks at once")
struct ConcurrentRegistrationTests {
    /// How many tasks ask for the same service while the others register.
    static let lookups = 1_000

    @Test("Services registered and resolved from many tasks at the same moment are all kept")
    func nothingIsLost() async {
        let locator = ServiceLocator()
        let run = UUID()
        // The probes' services take a moment to start: each waits until all of them are starting, so
        // every registration is under way before the first one stores its service.
        let probesStarting = Rendezvous(expecting: probeMarkers.count)
        // A beacon that starts during the rush (in a locator that starts services on the first
        // request) waits until a second start begins, or two seconds: a second start while the first
        // is under way is the mistake this test is after, and this way it happens on every run.
        let beaconStarts = Rendezvous(expecting: 2)
        let rushHasBegun = Flag()
        await locator.register(Beacon.self) {
            if rushHasBegun.isRaised { await beaconStarts.arrive() }
            return Beacon()
        }
        rushHasBegun.raise()
        // Two registrations of one more service meet while starting, and then store their service one
        // right after the other, on two threads: nothing but the locator orders those two writes to the
        // table, so Thread Sanitizer sees an unprotected table on every run. Before the rush: a table
        // that two threads change unprotected can be left broken, and a thousand lookups in a broken
        // table may crash the tests before Thread Sanitizer has said why.
        let racingStarts = StartingLine()
        await withDiscardingTaskGroup { group in
            for _ in 1...2 {
                group.addTask {
                    await locator.register(Probe<Void>.self) {
                        await racingStarts.arriveAndWait()
                        return Probe(run: run)
                    }
                }
            }
        }
        let rush = await withTaskGroup(of: Lookup.self) { group in
            for _ in 0..<Self.lookups {
                group.addTask {
                    // Each lookup goes on after a pause of its own, as the requests of an app arrive.
                    try? await Task.sleep(for: .milliseconds(20))
                    guard let beacon = try? await locator.resolve(Beacon.self) else { return .missing }
                    return .found(ObjectIdentifier(beacon))
                }
            }
            for marker in probeMarkers {
                group.addTask {
                    await registerSlowStartingProbe(marker, run: run, in: locator, startingWith: probesStarting)
                    return .registration
                }
            }
            var rush = RushOutcome()
            for await lookup in group { rush.record(lookup) }
            return rush
        }

        var lostCount = 0
        for marker in probeMarkers where await !isKept(marker, run: run, in: locator) {
            lostCount += 1
        }
        #expect(
            lostCount == 0,
            """
            \(probeMarkers.count) services were registered at the same moment, each taking a moment to \
            start, and \(lostCount) of them were lost. Each registration copied the table, waited for its \
            service, and stored its copy over what the others had stored in the meantime: an actor runs \
            other calls while one waits. Start the service first, then store it in one step, with no \
            `await` between reading the table and writing it.
            """)
        #expect(
            rush.missing == 0,
            """
            \(rush.missing) of \(Self.lookups) lookups of a service registered beforehand failed while other \
            services were being registered. A registration must never take away what is already there.
            """)
        #expect(
            rush.instances.count <= 1,
            """
            \(Self.lookups) tasks asked for one registered service at the same moment and were handed \
            \(rush.instances.count) different instances of it, so the service was started more than once. \
            When a service is started on the first request, every task that asks while it is starting \
            starts one of its own. One registration, one instance: start it in `register`, or let later \
            requests wait for the start that is already under way.
            """)
    }
}

/// What one task of the rush found.
enum Lookup: Sendable {
    case registration
    case missing
    case found(ObjectIdentifier)
}

/// What the lookups of the rush found, added up.
struct RushOutcome {
    var missing = 0
    var instances: Set<ObjectIdentifier> = []

    mutating func record(_ lookup: Lookup) {
        switch lookup {
        case .registration: break
        case .missing: missing += 1
        case .found(let instance): instances.insert(instance)
        }
    }
}

/// A service with an identity, so a test can tell one instance from another.
final class Beacon: Sendable {}

/// A service type that exists only for this test, one per marker type: `Probe<Int>`, `Probe<Bool>`…
/// Each is a different type, so each registration has a key of its own, as the services of an app do.
struct Probe<Marker>: Sendable {
    let run: UUID
}

/// Sixteen markers, for sixteen different services registered at once.
let probeMarkers: [any Sendable.Type] = [
    Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self,
    UInt32.self, UInt64.self, Float.self, Double.self, Bool.self, String.self, Character.self, UUID.self,
]

/// Registers `Probe<Marker>`, which, like a real service opening its files, takes a moment to
/// start: until every probe in `starting` is starting too.
func registerSlowStartingProbe<Marker>(
    _ marker: Marker.Type, run: UUID, in locator: ServiceLocator, startingWith starting: Rendezvous
) async {
    await locator.register(Probe<Marker>.self) {
        await starting.arrive()
        return Probe(run: run)
    }
}

func isKept<Marker>(_ marker: Marker.Type, run: UUID, in locator: ServiceLocator) async -> Bool {
    let probe = try? await locator.resolve(Probe<Marker>.self)
    return probe?.run == run
}
