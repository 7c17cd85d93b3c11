/// One thing that happened, as the analytics SDK sends it: a name and a few details.
public nonisolated struct AnalyticsEvent: Sendable, Hashable {
    public var name: String
    public var properties: [String: String]

    public init(name: String, properties: [String: String] = [:]) {
        self.name = name
        self.properties = properties
    }
}

/// The analytics SDK: a third party's class, which the app cannot change. Like many SDKs born in
/// Objective-C, it is open for subclassing and keeps a shared instance, and it lives on the main
/// actor, where the screens that report to it are.
///
/// Its real work is to send each event to the vendor's servers. The workbook keeps them in
/// `sentEvents` instead.
@MainActor
open class Analytics {
    /// The instance the SDK's documentation tells you to use.
    public static let shared = Analytics()

    public init() {}

    /// Every event sent so far, oldest first: in a real SDK, on the vendor's servers.
    public private(set) var sentEvents: [AnalyticsEvent] = []

    /// Sends an event.
    open func track(_ name: String, properties: [String: String] = [:]) {
        let service = self === Analytics.shared ? "Analytics.shared" : "Analytics"
        if Tripwire.touch(service) != nil { return }
        sentEvents.append(AnalyticsEvent(name: name, properties: properties))
    }
}
