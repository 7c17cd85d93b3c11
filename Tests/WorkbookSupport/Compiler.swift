import Foundation  // `kill` and `SIGKILL` too: Foundation re-exports Glibc on Linux and Darwin on macOS.
import Synchronization

/// What the compiler printed, and whether it succeeded.
struct CompilerRun: Sendable {
    var succeeded: Bool
    /// Standard output and standard error, interleaved.
    var output: String
}

/// Runs the compiler (or any program given by path) to its end, without blocking a Swift
/// concurrency thread meanwhile, and stops it after `timeLimit`.
///
/// The output goes to a file, not a pipe: a pipe that nobody drains can stall the program.
func runCompiler(_ arguments: [String], in folder: URL, timeLimit: Duration = .seconds(120)) async throws
    -> CompilerRun
{
    guard let program = arguments.first else { throw CompileCheckError("no program to run") }
    let log = folder.appendingPathComponent("compiler-output-\(UUID().uuidString).txt")
    guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
        throw CompileCheckError("cannot create \(log.path)")
    }
    defer { try? FileManager.default.removeItem(at: log) }
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = Array(arguments.dropFirst())
    process.currentDirectoryURL = folder
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice

    let timedOut = Mutex(false)
    let watchdog = Task { [process] in
        try await Task.sleep(for: timeLimit)
        guard process.isRunning else { return }
        timedOut.withLock { $0 = true }
        process.terminate()
        try await Task.sleep(for: .seconds(3))
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    defer { watchdog.cancel() }

    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
        process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
        do {
            try process.run()
        } catch {
            process.terminationHandler = nil
            continuation.resume(throwing: CompileCheckError("cannot run \(program): \(error)"))
        }
    }
    try? handle.synchronize()
    var output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    if timedOut.withLock({ $0 }) {
        output += "\n(stopped after \(timeLimit): the compiler took too long)"
    }
    return CompilerRun(succeeded: status == 0 && !timedOut.withLock { $0 }, output: output)
}
