import Foundation

// The legacy `Current` is gone: the clock is a dependency like the others, handed to the screen.

/// The device's clock: what the app runs with.
public struct SystemClock: ShopClock {
    public init() {}

    public var now: Date {
        // The workbook's tripwire (see `Tripwire.swift`): a test that reads the real clock is told.
        _ = Tripwire.touch("Current.now")
        return Date()
    }
}
