import Foundation
import Synchronization

/// The effects the app reads from its environment instead of from a singleton. A team member began
/// moving the app to a `Current` environment (Chapter 7) and stopped after the clock.
public nonisolated struct Environment: Sendable {
    /// The date and time right now.
    public var now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }
}

nonisolated extension Environment {
    /// What the shipping app runs with: the real clock.
    public static let live = Environment(
        now: {
            // The workbook's tripwire (see `Tripwire.swift`): a test that reads the real clock is told.
            _ = Tripwire.touch("Current.now")
            return Date()
        }
    )
}

// TODO: Step 3. One environment for the whole process, which anyone can replace, in any build:
// two tests that each set their own clock here at the same moment see each other's. If you keep
// the clock in `Current`, make it belong to one task and its children (Chapter 7).
private nonisolated let processWideEnvironment = Mutex(Environment.live)

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The environment the app reads its effects from: `Current.now()`.
public nonisolated var Current: Environment {
    get { processWideEnvironment.withLock { $0 } }
    set { processWideEnvironment.withLock { $0 = newValue } }
}
