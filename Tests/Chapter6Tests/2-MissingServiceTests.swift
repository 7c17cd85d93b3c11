import Chapter6
import Testing

@Suite("A missing service is an error that says what is missing")
struct MissingServiceTests {
    @Test("Asking for a service nobody registered throws an error that names the missing type")
    func missingServiceIsNamed() async {
        let locator = ServiceLocator()
        await locator.register((any UserProviding).self) { FakeUserProvider(user: .ada) }

        let error = await #expect(
            throws: (any Error).self,
            "Asking for a service nobody registered must throw: no silent nil, no crash."
        ) {
            try await locator.resolve((any ParcelTracking).self)
        }
        let message = error.map { String(describing: $0) } ?? ""
        #expect(
            message.contains("ParcelTracking"),
            """
            The error for a missing `ParcelTracking` service says "\(message)", which does not name \
            it. Whoever reads this in a failed test or a crash report needs to know which \
            registration to add: put the type's name in the error's description.
            """)
        // The type itself, as it is registered, not the type of its metatype.
        #expect(
            !message.contains("ParcelTracking.Protocol") && !message.contains("ParcelTracking.Type"),
            """
            The error for a missing `ParcelTracking` service says "\(message)": that names the type \
            of the metatype, not the type that was asked for, and no registration is called that. \
            Describe the type itself: `String(describing: serviceType)`, not \
            `String(describing: type(of: serviceType))`.
            """)

        // Another missing service: the error names that one, and only that one.
        let otherError = await #expect(throws: (any Error).self) {
            try await locator.resolve((any LoyaltyCard).self)
        }
        let otherMessage = otherError.map { String(describing: $0) } ?? ""
        #expect(
            otherMessage.contains("LoyaltyCard") && !otherMessage.contains("ParcelTracking"),
            """
            The error for a missing `LoyaltyCard` service says "\(otherMessage)". It must name the type \
            that was asked for, whichever it is: build the message from the type the error is made with.
            """)
    }
}

/// Another service nobody registered in these tests.
protocol LoyaltyCard: Sendable {}

/// A service the app might have but nobody registered in these tests.
protocol ParcelTracking: Sendable {}
