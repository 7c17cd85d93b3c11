import Foundation
import Synchronization
import WorkbookCore

/// A line on standard error that says what is happening. On a terminal it is rewritten in
/// place every half second (phase, build step, elapsed time). When standard error is not a
/// terminal (piped, a log), each new phase is written as a line of its own, and a long phase
/// gets a progress line every 10 s, so that a log shows the runner is alive.
final class StatusLine: Sendable {
    private let terminal = isatty(STDERR_FILENO) == 1
    private struct State {
        var shown: Status?
        var lastLine = ContinuousClock.now
    }
    private let state = Mutex(State())

    func show(_ status: Status) {
        if terminal {
            let text = Self.fitted(status, width: Self.terminalWidth())
            FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
            return
        }
        let line: String? = state.withLock { state in
            let now = ContinuousClock.now
            if state.shown?.phase != status.phase {
                state.shown = status
                state.lastLine = now
                return status.detail.map { "\(status.phase) \($0)" } ?? status.phase
            }
            guard let detail = status.detail, now - state.lastLine >= .seconds(10) else { return nil }
            state.lastLine = now
            return "\(status.phase) \(detail)"
        }
        if let line { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }

    /// The line cut to the terminal's width, so that it never wraps (a wrapped line cannot be
    /// rewritten in place): the phase is shortened, the detail (the time, the build step) kept.
    static func fitted(_ status: Status, width: Int) -> String {
        let detail = status.detail.map { " \($0)" } ?? ""
        let room = max(10, width - 1 - detail.count)
        let phase = status.phase.count > room ? status.phase.prefix(room - 1) + "…" : status.phase
        return phase + detail
    }

    static func terminalWidth() -> Int {
        Terminal.size(of: STDERR_FILENO)?.columns ?? 80
    }

    func clear() {
        state.withLock { $0.shown = nil }
        guard terminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
