import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program to run, with everything it needs: arguments, folder, environment, time limit.
public struct Command: Sendable {
    /// The program and its arguments. The program is looked up on the `PATH` unless it is a path.
    public var arguments: [String]
    public var directory: URL
    public var environment: [String: String]
    /// After this long the program is stopped and the result says it timed out.
    public var timeLimit: Duration?
    /// What is done when the time limit passes.
    public var whenTimeIsUp: TimeUp = .stop
    /// How the program is stopped when the task that runs it is cancelled.
    public var whenCancelled: Stopping = .terminate

    public enum TimeUp: Sendable, Equatable {
        /// Stop the program as ``Command/whenCancelled`` says.
        case stop
        /// Ask the Swift runtime for a backtrace of every thread (`SIGQUIT`), wait until it is
        /// written (at most `grace`), then kill the program's process group. For a test process
        /// that hangs: the backtrace says where. Its environment needs `SWIFT_BACKTRACE` (see
        /// ``Backtrace/environment``); the runtime then keeps the process alive after the
        /// backtrace, so the kill is always needed.
        case backtrace(grace: Duration)
    }

    public enum Stopping: Sendable, Equatable {
        /// `SIGTERM`, then `SIGKILL` to the process group 3 s later. SwiftPM stops its compilers
        /// when it gets `SIGTERM`, which killing it outright would leave running.
        case terminate
        /// `SIGKILL` to the process group at once: a test process, whose results are not wanted.
        case kill
    }

    public init(
        _ arguments: [String],
        in directory: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        timeLimit: Duration? = nil
    ) {
        self.arguments = arguments
        self.directory = directory
        self.environment = environment
        self.timeLimit = timeLimit
    }

    /// Runs the program to its end, without blocking a Swift concurrency thread meanwhile.
    ///
    /// Standard output and standard error are written, interleaved, to `log` (or to a temporary
    /// file that is removed afterwards) and returned in the result. A file, not a pipe: a pipe
    /// that nobody drains can stall the program.
    ///
    /// With `separateErrors`, standard error goes to its own file and `CommandResult.errors`, and
    /// `output` holds standard output alone (for output that must parse, such as JSON, or the
    /// `print()` output of tests).
    ///
    /// Cancelling the task stops the program (``whenCancelled``) and throws `CancellationError`
    /// once it has ended. Every program runs in a process group of its own (on Linux), so that
    /// what it started is stopped with it.
    public func run(log: URL? = nil, separateErrors: Bool = false) async throws -> CommandResult {
        let logFile =
            log
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("workbook-output-\(UUID().uuidString).txt")
        guard FileManager.default.createFile(atPath: logFile.path, contents: nil) else {
            throw CommandError("cannot create \(logFile.path)")
        }
        defer { if log == nil { try? FileManager.default.removeItem(at: logFile) } }
        let handle = try FileHandle(forWritingTo: logFile)
        defer { try? handle.close() }
        let errorFile = logFile.appendingPathExtension("errors")
        var errorHandle: FileHandle?
        if separateErrors {
            _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
            errorHandle = try FileHandle(forWritingTo: errorFile)
        }
        defer {
            try? errorHandle?.close()
            if separateErrors { try? FileManager.default.removeItem(at: errorFile) }
        }

        let process = Process()
        // `env` finds the program on the PATH, as a shell would.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var launch = arguments
        if case .backtrace = whenTimeIsUp, Self.envRestoresSignals {
            // A shell that starts a program in the background makes it ignore SIGQUIT, and the
            // program's children inherit that: undo it, so that the Swift runtime can answer.
            launch = ["--default-signal=QUIT"] + launch
        }
        process.arguments = launch
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardOutput = handle
        process.standardError = errorHandle ?? handle
        process.standardInput = FileHandle.nullDevice

        let child = Child(stopping: whenCancelled)
        let watchdog = Task { [timeLimit, whenTimeIsUp] in
            guard let timeLimit else { return }
            try await Task.sleep(for: timeLimit)
            switch whenTimeIsUp {
            case .stop:
                child.timeIsUp()
            case .backtrace(let grace):
                guard child.askForBacktrace() else { return }
                // The runtime ends its backtrace with "Backtrace took 0.05s".
                let written = separateErrors ? errorFile : logFile
                let deadline = ContinuousClock.now + grace
                while ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(50))
                    if let text = try? String(contentsOf: written, encoding: .utf8), text.contains("Backtrace took") {
                        break
                    }
                }
                child.killGroup()
            }
        }
        defer { watchdog.cancel() }

        let clock = ContinuousClock()
        let start = clock.now
        let (reason, status): (Process.TerminationReason, Int32) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                process.terminationHandler = { finished in
                    child.ended()
                    continuation.resume(returning: (finished.terminationReason, finished.terminationStatus))
                }
                do {
                    try process.run()
                } catch {
                    process.terminationHandler = nil
                    continuation.resume(throwing: CommandError("cannot run \(arguments.first ?? "?"): \(error)"))
                    return
                }
                child.started(process.processIdentifier)
            }
        } onCancel: {
            child.cancel()
        }
        // Whatever the program left behind in its group (a backtracer, say) goes with it.
        child.reap()
        let duration = clock.now - start
        try Task.checkCancellation()
        try? handle.synchronize()
        let output = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        try? errorHandle?.synchronize()
        let errors = separateErrors ? (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" : ""

        let ending: CommandResult.Ending
        if child.didTimeOut {
            ending = .timedOut
        } else if reason == .uncaughtSignal {
            ending = .signalled(status)
        } else {
            ending = .exited(status)
        }
        return CommandResult(ending: ending, output: output, errors: errors, duration: duration)
    }

    /// Whether `/usr/bin/env` can reset a signal to its default (`--default-signal`, GNU coreutils
    /// 8.31 and later). macOS's `env` cannot: there a runner started from a shell in the
    /// background gets no backtrace of a hang (the process is still stopped).
    static let envRestoresSignals: Bool = {
        #if os(Linux)
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            probe.arguments = ["--default-signal=QUIT", "true"]
            probe.standardOutput = FileHandle.nullDevice
            probe.standardError = FileHandle.nullDevice
            guard (try? probe.run()) != nil else { return false }
            probe.waitUntilExit()
            return probe.terminationStatus == 0
        #else
            return false
        #endif
    }()

    /// Stops every program still running (for Ctrl-C): SwiftPM politely, tests at once.
    public static func stopAll() {
        for child in Child.running.withLock({ Array($0.values) }) { child.cancel() }
    }
}

/// A started program: its process (group), and what has been done to it. Every step is taken
/// under one lock, so that a cancellation that arrives before the program started still stops it.
final class Child: Sendable {
    private struct State {
        var pid: pid_t?
        /// The program's own process group, when it has one (never the runner's).
        var group: pid_t?
        var ended = false
        var cancelled = false
        var timedOut = false
    }

    /// Every program running now, by process id, for ``Command/stopAll()``.
    static let running = Mutex<[pid_t: Child]>([:])

    private let state = Mutex(State())
    let stopping: Command.Stopping

    init(stopping: Command.Stopping) {
        self.stopping = stopping
    }

    var didTimeOut: Bool { state.withLock { $0.timedOut } }

    func started(_ pid: pid_t) {
        let cancelled = state.withLock { state in
            state.pid = pid
            let group = getpgid(pid)
            if group == pid && group != getpgrp() { state.group = group }
            // The program may have ended already; then there is nothing to keep track of.
            if !state.ended { Self.running.withLock { $0[pid] = self } }
            return state.cancelled && !state.ended
        }
        if cancelled { stop() }
    }

    func ended() {
        state.withLock { state in
            state.ended = true
            if let pid = state.pid { _ = Self.running.withLock { $0.removeValue(forKey: pid) } }
        }
    }

    func cancel() {
        let running = state.withLock { state in
            state.cancelled = true
            return state.pid != nil && !state.ended
        }
        if running { stop() }
    }

    func timeIsUp() {
        let running = state.withLock { state in
            guard !state.ended else { return false }
            state.timedOut = true
            return true
        }
        if running { stop() }
    }

    /// Sends `SIGQUIT`; false when the program has ended already.
    func askForBacktrace() -> Bool {
        state.withLock { state in
            guard let pid = state.pid, !state.ended else { return false }
            state.timedOut = true
            Signal.send(SIGQUIT, to: pid)
            return true
        }
    }

    /// `SIGKILL` to the whole group, or to the program alone when it has no group of its own.
    func killGroup() {
        state.withLock { state in
            guard let pid = state.pid, !state.ended else { return }
            Signal.send(SIGKILL, to: state.group.map { -$0 } ?? pid)
        }
    }

    /// After the program ended: kills what is left of its group.
    func reap() {
        state.withLock { state in
            if let group = state.group { Signal.send(SIGKILL, to: -group) }
        }
    }

    private func stop() {
        switch stopping {
        case .kill:
            killGroup()
        case .terminate:
            let pid = state.withLock { $0.ended ? nil : $0.pid }
            guard let pid else { return }
            Signal.send(SIGTERM, to: pid)
            // A program that ignores the polite signal gets the one it cannot ignore.
            DispatchQueue.global().asyncAfter(deadline: .now() + 3) { [self] in killGroup() }
        }
    }
}

package enum Signal {
    /// `kill(2)`: `target` is a process id, or minus a process group's id.
    package static func send(_ signal: Int32, to target: pid_t) {
        _ = kill(target, signal)
    }
}

/// How a program ended, and what it printed.
public struct CommandResult: Sendable {
    public enum Ending: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)
        case timedOut

        public var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "was stopped by signal \(signal)"
            case .timedOut: "ran out of time"
            }
        }
    }

    public var ending: Ending
    /// Standard output and standard error, interleaved (or standard output alone, if asked).
    public var output: String
    /// Standard error, when it was asked for separately.
    public var errors: String = ""
    public var duration: Duration
    /// What the one who ran it should be told besides its output (a build that healed itself).
    public var notices: [String] = []

    public var succeeded: Bool { ending == .exited(0) }
}

public struct CommandError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension Duration {
    /// "1.2 s", for people.
    public var readable: String {
        let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return seconds < 10 ? String(format: "%.1f s", seconds) : String(format: "%.0f s", seconds)
    }
}
