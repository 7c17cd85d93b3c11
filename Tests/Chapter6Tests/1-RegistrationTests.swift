import Chapter6
import Testing

@Suite("Services are kept by the type they are registered as")
struct RegistrationTests {
    @Test("A service registered as a protocol is handed out as that protocol, until a new one replaces it")
    func resolvesAsTheProtocolAndReplaces() async {
        let locator = ServiceLocator()
        let first = FakeUserProvider(user: .ada)
        let second = FakeUserProvider(user: .grace)

        do {
            await locator.register((any UserProviding).self) { first }
            let resolved = try await locator.resolve((any UserProviding).self)
            #expect(
                resolved as? FakeUserProvider === first,
                "Asking for `any UserProviding` handed out something other than the provider registered as it.")

            await locator.register((any UserProviding).self) { second }
            let replaced = try await locator.resolve((any UserProviding).self)
            #expect(
                replaced as? FakeUserProvider === second,
                """
                After a second registration as `any UserProviding`, the locator still hands out the first \
                one. The latest registration must win: that is how an app swaps a service (after someone \
                else signs in, say) and how a test puts its fake in place of a real service.
                """)
            // Only as the type it was registered as: not as its concrete type.
            let asItsOwnType = try? await locator.resolve(FakeUserProvider.self)
            #expect(
                asItsOwnType == nil,
                """
                A provider registered as `any UserProviding` was also handed out to someone asking for \
                `FakeUserProvider`, its concrete type. The locator must answer only for the type each \
                service was registered as: a search through the services for anything that fits makes what \
                a screen gets depend on what else happens to be registered.
                """)
        } catch {
            Issue.record(
                """
                Asking for `any UserProviding` threw, though a provider was registered as it: \(error)
                The locator must find a service under the type it was registered as.
                """)
        }
    }

    @Test("Two different protocols that share a name are kept apart")
    func sameNameDifferentTypes() async {
        let locator = ServiceLocator()
        await locator.register((any Billing.Client).self) { BillingDesk() }
        await locator.register((any Shipping.Client).self) { ShippingDesk() }

        await #expect(
            throws: Never.self,
            """
            `Billing.Client` and `Shipping.Client` were both registered, but they cannot both be found. \
            Both protocols are called `Client`, and both live in one module: a table keyed by a type's \
            name, even with the module's name in front, files them under one key, so one registration \
            replaces the other. Key the table by the type itself, for example with \
            `ObjectIdentifier(serviceType)`.
            """
        ) {
            _ = try await locator.resolve((any Billing.Client).self)
            _ = try await locator.resolve((any Shipping.Client).self)
        }
    }
}

/// Two protocols with the same name in different places, as happens when two modules both have a
/// `Client`. `String(describing:)` calls both of them "Client".
enum Billing {
    protocol Client: Sendable {}
}

enum Shipping {
    protocol Client: Sendable {}
}

struct BillingDesk: Billing.Client {}

struct ShippingDesk: Shipping.Client {
}
