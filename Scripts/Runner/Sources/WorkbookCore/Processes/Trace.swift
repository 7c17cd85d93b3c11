import Foundation

/// `WORKBOOK_TRACE=1 ./Scripts/progress 3` writes, on standard error, how long the runner has
/// been going at each of its phases: where the time of the learner's loop goes.
public enum Trace {
    static let isOn = ProcessInfo.processInfo.environment["WORKBOOK_TRACE"].map { !$0.isEmpty && $0 != "0" } ?? false
    static let start = ContinuousClock.now

    /// Notes that `phase` is reached (nothing unless tracing is on).
    public static func mark(_ phase: @autoclosure () -> String) {
        guard isOn else { return }
        let elapsed = (ContinuousClock.now - start) / .milliseconds(1)
        FileHandle.standardError.write(Data("[trace \(String(format: "%6.1f", elapsed)) ms] \(phase())\n".utf8))
    }
}
