import Chapter4

/// A stand-in for `ScarySingleton` that records every value it is given and every call, and does
/// none of the real work.
final class ScarySingletonStub: ScarySingleton {
    /// How many times someone asked the stub for the important work.
    private(set) var doSomethingImportantCallCount = 0

    /// Every value set on `importantValue`, oldest first.
    private(set) var receivedValues: [String?] = []

    override var importantValue: String? {
        didSet { receivedValues.append(importantValue) }
    }

    override func doSomethingImportant() {
        doSomethingImportantCallCount += 1
    }
}
