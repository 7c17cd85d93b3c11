import Foundation
import Synchronization

/// Runs `operation` at least `rounds` times in each of two tasks that are sure to overlap: each
/// task runs on a thread of its own, waits for the other at a start line, without pausing, and
/// then runs its rounds with nothing in between that could order the two.
///
/// That makes a data race certain to be seen. Thread Sanitizer reports a race only between two
/// accesses that nothing orders, and the concurrency runtime orders a great deal: a task that
/// starts, or resumes, after another has ended is ordered after everything that one did, so with
/// many tiny tasks on a busy machine a race between them often goes unseen. Two tasks that have
/// both passed the start line, and then run without suspending, leave nothing between their
/// accesses: every unprotected one is reported. Threads of their own, not the runtime's shared
/// ones, so that the other tests running at the same time can never keep the second task from
/// starting while the first one waits for it.
///
/// Task 1 sets off a tenth of a millisecond after task 0 (a spin on the clock, which orders
/// nothing): two first accesses at the very same instant can each be checked before the other is
/// recorded, and then Thread Sanitizer misses them, and two unprotected writes may break the
/// memory, and the tests with it, before it has said why.
public func runSideBySide(rounds: Int, _ operation: @escaping @Sendable (_ task: Int, _ round: Int) -> Void) async {
    await onTwoThreads { task, startLine in
        startLine.arriveAndWait()
        if task == 1 {
            let setOff = ContinuousClock.now + .microseconds(100)
            while ContinuousClock.now < setOff {}
        }
        for round in 0..<rounds {
            operation(task, round)
        }
    }
}

/// `runSideBySide` for an operation that awaits. Every suspension may order the two tasks, so each
/// keeps going, past its own `rounds`, until the other has run as many, or for at most ten
/// seconds: the two then spend their rounds side by side, not one after the other. Code that
/// does not hop to an actor stays on the task's own thread.
public func runSideBySideAwaiting(
    rounds: Int, _ operation: @escaping @Sendable (_ task: Int, _ round: Int) async -> Void
) async {
    await onTwoThreads { task, startLine in
        startLine.arriveAndWait()
        let deadline = ContinuousClock.now + .seconds(10)
        var round = 0
        while round < rounds || startLine.rounds(of: 1 - task) < rounds, ContinuousClock.now < deadline {
            await operation(task, round)
            round += 1
            startLine.record(round, of: task)
        }
    }
}

/// Runs `body` as two tasks, 0 and 1, each on a thread of its own, sharing one start line.
private func onTwoThreads(_ body: @escaping @Sendable (_ task: Int, _ startLine: StartLine) async -> Void) async {
    await sideBySideTurns.take()
    let startLine = StartLine()
    let threads = [ThreadOfItsOwn(), ThreadOfItsOwn()]
    await withTaskGroup(of: Void.self) { group in
        for task in 0..<2 {
            group.addTask(executorPreference: threads[task]) { await body(task, startLine) }
        }
    }
    for thread in threads { thread.stop() }
    await sideBySideTurns.give()
}

/// A task executor with one thread to itself: the tasks that prefer it run there, and nowhere
/// else, until `stop()`. Its queue is behind a `Mutex`, which orders only the hand-over of a job,
/// never what two such threads do next.
private final class ThreadOfItsOwn: TaskExecutor {
    private struct Queue: ~Copyable {
        var jobs: [UnownedJob] = []
        var isStopped = false
    }

    private let queue = Mutex(Queue())

    init() {
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.jobs.append(job) }
    }

    func stop() {
        queue.withLock { $0.isStopped = true }
    }

    private func serve() {
        while true {
            let (next, isStopped) = queue.withLock { queue -> (UnownedJob?, Bool) in
                queue.jobs.isEmpty ? (nil, queue.isStopped) : (queue.jobs.removeFirst(), false)
            }
            if let next {
                next.runSynchronously(on: asUnownedTaskExecutor())
            } else if isStopped {
                return
            } else {
                Thread.sleep(forTimeInterval: 0.000_05)
            }
        }
    }
}

/// Where the two tasks of `runSideBySide` wait for each other, and count their rounds. Relaxed
/// atomic counters, and no pause: waiting and counting add no ordering of their own between the
/// two. The wait gives up after two seconds, so that nothing can hang.
private final class StartLine: Sendable {
    private let arrived = Atomic<Int>(0)
    private let roundsOfFirst = Atomic<Int>(0)
    private let roundsOfSecond = Atomic<Int>(0)

    func arriveAndWait() {
        arrived.add(1, ordering: .relaxed)
        let deadline = ContinuousClock.now + .seconds(2)
        while arrived.load(ordering: .relaxed) < 2, ContinuousClock.now < deadline {}
    }

    func record(_ rounds: Int, of task: Int) {
        if task == 0 {
            roundsOfFirst.store(rounds, ordering: .relaxed)
        } else {
            roundsOfSecond.store(rounds, ordering: .relaxed)
        }
    }

    func rounds(of task: Int) -> Int {
        task == 0 ? roundsOfFirst.load(ordering: .relaxed) : roundsOfSecond.load(ordering: .relaxed)
    }
}

/// One `runSideBySide` at a time in the test process: two pairs spinning at their start lines
/// would only slow each other down on a two-core machine.
private actor Turns {
    private var isTaken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
        if isTaken {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            isTaken = true
        }
    }

    func give() {
        if waiting.isEmpty {
            isTaken = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}

private let sideBySideTurns = Turns()
