import Chapter6
import Foundation
import Testing

@Suite("The locator is safe to use from many tasks at once")
struct ConcurrentRegistrationTests {
    @Test("Services registered and resolved from many tasks at the same moment are all kept")
    func nothingIsLost() async {
        let locator = ServiceLocator()
        let run = UUID()
        // A service registered before the rush, which many tasks ask for while the others register.
        await locator.register(Probe<Void>.self) { Probe(run: run) }

        let failedLookups = await withTaskGroup(of: Int.self) { group in
            for marker in probeMarkers {
                group.addTask {
                    await registerSlowStartingProbe(marker, run: run, in: locator)
                    return 0
                }
            }
            for _ in 0..<100 {
                group.addTask {
                    let probe = try? await locator.resolve(Probe<Void>.self)
                    return probe?.run == run ? 0 : 1
                }
            }
            return await group.reduce(0, +)
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
            service, and stored its copy over what the others had stored in the meantime. Start the \
            service first, then store it in one step, with no `await` between reading the table and \
            writing it.
            """)
        #expect(
            failedLookups == 0,
            """
            \(failedLookups) of 100 lookups of a service registered beforehand failed while other services \
            were being registered. A registration must never take away what is already there.
            """)
    }
}

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

/// Registers `Probe<Marker>`, which, like a real service opening its files, takes a moment to start.
func registerSlowStartingProbe<Marker>(_ marker: Marker.Type, run: UUID, in locator: ServiceLocator) async {
    await locator.register(Probe<Marker>.self) {
        try? await Task.sleep(for: .milliseconds(50))
        return Probe(run: run)
    }
}

func isKept<Marker>(_ marker: Marker.Type, run: UUID, in locator: ServiceLocator) async -> Bool {
    let probe = try? await locator.resolve(Probe<Marker>.self)
    return probe?.run == run
}
