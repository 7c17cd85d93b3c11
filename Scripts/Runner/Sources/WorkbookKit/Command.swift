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
    /// `output` holds standard output alone (for output that must parse, such as JSON).
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
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardOutput = handle
        process.standardError = errorHandle ?? handle
        process.standardInput = FileHandle.nullDevice

        let timedOut = Mutex(false)
        let watchdog = Task { [process, timeLimit] in
            guard let timeLimit else { return }
            try await Task.sleep(for: timeLimit)
            guard process.isRunning else { return }
            timedOut.withLock { $0 = true }
            process.terminate()
            // A program that ignores the polite signal gets the one it cannot ignore.
            try await Task.sleep(for: .seconds(3))
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        defer { watchdog.cancel() }

        let clock = ContinuousClock()
        let start = clock.now
        // Cancelling the task that runs the command stops the program.
        let (reason, status): (Process.TerminationReason, Int32) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                process.terminationHandler = { finished in
                    continuation.resume(returning: (finished.terminationReason, finished.terminationStatus))
                }
                do {
                    try process.run()
                } catch {
                    process.terminationHandler = nil
                    continuation.resume(throwing: CommandError("cannot run \(arguments.first ?? "?"): \(error)"))
                }
            }
        } onCancel: {
            if process.isRunning { process.terminate() }
        }
        let duration = clock.now - start
        try? handle.synchronize()
        let output = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        try? errorHandle?.synchronize()
        let errors = separateErrors ? (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" : ""

        let ending: CommandResult.Ending
        if timedOut.withLock({ $0 }) {
            ending = .timedOut
        } else if reason == .uncaughtSignal {
            ending = .signalled(status)
        } else {
            ending = .exited(status)
        }
        return CommandResult(ending: ending, output: output, errors: errors, duration: duration)
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
