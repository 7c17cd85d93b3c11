import Foundation

// The legacy `Current` is gone: the clock and the flags are services like the others.

/// The device's clock.
public struct SystemClock: ShopClock {
    public init() {}

    public var now: Date {
        // The workbook's tripwire (see `Tripwire.swift`): a test that reads the real clock is told.
        _ = Tripwire.touch("Current.now")
        return Date()
    }
}

/// The flags the remote configuration SDK leaves in the standard user defaults.
public struct StandardDefaultsFlags: FeatureFlags {
    public init() {}

    public func isEnabled(_ flag: FeatureFlag) -> Bool {
        UserDefaults.standard.bool(forKey: flag.rawValue)
    }
}
