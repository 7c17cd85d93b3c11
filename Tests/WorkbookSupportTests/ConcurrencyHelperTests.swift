import Synchronization
import Testing
import WorkbookSupport

@Suite("Concurrency helpers: meet, hold and release, wait with a time limit")
struct ConcurrencyHelperTests {
    @Test("A gate holds its tasks until it is released, and counts them")
    func gateHolds() async {
        let gate = Gate()
        let passed = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    await gate.pass()
                    passed.add()
                }
            }
            #expect(await gate.waitForArrivals(3))
            try? await Task.sleep(for: .milliseconds(20))
            #expect(passed.value == 0)
            await gate.release()
        }
        #expect(passed.value == 3)
        #expect(await gate.arrivals == 3)
    }

    @Test("A held task goes on by itself when the gate's patience runs out")
    func gatePatience() async {
        let gate = Gate(patience: .milliseconds(50))
        let start = ContinuousClock.now
        await gate.pass()
        #expect(ContinuousClock.now - start >= .milliseconds(50))
    }

    @Test("An open gate holds nobody")
    func openGate() async {
        let gate = Gate(patience: .seconds(30))
        await gate.open()
        await gate.pass()
        #expect(await gate.arrivals == 1)
    }

    @Test("Tasks at a rendezvous wait for each other, and a late one is not waited for past patience")
    func rendezvous() async {
        let meeting = Rendezvous(expecting: 2, patience: .seconds(5))
        let arrived = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    arrived.add()
                    await meeting.arrive()
                    #expect(arrived.value == 2)
                }
            }
        }
        let alone = Rendezvous(expecting: 2, patience: .milliseconds(30))
        let start = ContinuousClock.now
        await alone.arrive()
        #expect(ContinuousClock.now - start >= .milliseconds(30))
    }

    @Test("A rendezvous counts patience from the latest arrival, so slow but steady arrivals all meet")
    func rendezvousPatienceFromLatestArrival() async {
        // Three tasks a little over half a patience apart: the last comes after one patience has
        // passed since the first, but never one patience after the one before it.
        let patience = Duration.seconds(2)
        let meeting = Rendezvous(expecting: 3, patience: patience)
        let arrived = Counter()
        await withTaskGroup(of: Void.self) { group in
            for order in 0..<3 {
                group.addTask {
                    try? await Task.sleep(for: patience * 0.6 * Double(order))
                    arrived.add()
                    await meeting.arrive()
                    #expect(arrived.value == 3, "a task went on before everyone had arrived")
                }
            }
        }
    }

    @Test("Waiting with a time limit returns as soon as the condition holds, or says it never did")
    func waitingWithALimit() async {
        let flag = Counter()
        Task {
            try? await Task.sleep(for: .milliseconds(10))
            flag.add()
        }
        #expect(await waitUntil(timeLimit: .seconds(5)) { flag.value > 0 })
        #expect(await waitUntil(timeLimit: .milliseconds(20)) { false } == false)
        await withKnownIssue {
            await waitUntil("a thing that never happens", timeLimit: .milliseconds(20)) { false }
        } matching: {
            $0.comments.map(\.rawValue).joined().contains("a thing that never happens")
        }
    }
}

/// A count that many tasks may add to at once.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    func add() { count.add(1, ordering: .relaxed) }
}
