import Synchronization

/// Raised once, read from any task: "this call has returned", "that code has run". An atomic, so
/// that Thread Sanitizer sees the hand-over too.
public final class Flag: Sendable {
    private let raised = Atomic<Bool>(false)

    public init() {}

    public func raise() {
        raised.store(true, ordering: .releasing)
    }

    public var isRaised: Bool {
        raised.load(ordering: .acquiring)
    }
}
