import Testing

/// Waits until `condition` holds, checking every millisecond or so, for at most `timeLimit`.
/// Returns whether it held. When it did not, and `waitingFor` is given, it records an issue that
/// names what the test waited for: a step that wrong code never takes fails the test, and never
/// hangs it.
@discardableResult
public func waitUntil(
    _ waitingFor: String? = nil,
    timeLimit: Duration = .seconds(5),
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + timeLimit
    while await !condition() {
        guard ContinuousClock.now < deadline else {
            if let waitingFor {
                Issue.record(
                    "Waited \(timeLimit) for \(waitingFor), and it never happened.", sourceLocation: sourceLocation)
            }
            return false
        }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
