import Chapter7
import Foundation
import Testing

@Suite("Without an override, Current is the live environment")
struct LiveByDefaultTests {
    @Test("Without an override, Current is the live environment, and it is again once an override ends")
    func liveWithoutAnOverride() async {
        guard await overridesStayInTheirTask() else { return }
        expectLive(
            """
            is not the live environment. A build you ship has no override, so it runs with whatever \
            Current is without one: with `.mock` there, real users would see made-up data. The task-local \
            value's default must be `.live`.
            """)

        await withEnvironment {
            $0 = .mock
        } operation: {
        }
        expectLive(
            """
            is no longer the live environment after an override's scope ended. An override must last \
            exactly as long as its scope.
            """)
    }

    /// Checks that `Current`, with no override in force, answers as `Environment.live` does (whatever
    /// that is: whether `.live` itself is right is what the tests of Step 1 check).
    private func expectLive(_ otherwise: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let before = Environment.live.now()
        let now = Current.now()
        let after = Environment.live.now()
        let flagsAgree = FeatureFlag.allCases.allSatisfy { Current.isEnabled($0) == Environment.live.isEnabled($0) }
        #expect(
            Current.getUserForId(1) == Environment.live.getUserForId(1) && flagsAgree && before <= now
                && now <= after,
            "Without an override, Current \(otherwise)", sourceLocation: sourceLocation)
    }
}
