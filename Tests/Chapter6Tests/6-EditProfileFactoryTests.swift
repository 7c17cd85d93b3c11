import Chapter6
import Testing

@Suite("The factory builds the screen from the locator it is given")
@MainActor
struct EditProfileFactoryTests {
    @Test("The factory wires the screen to the user provider registered in its locator, and the screen keeps it")
    func factoryWiresTheScreen() async {
        let locator = ServiceLocator()
        let provider = FakeUserProvider(user: .grace)
        await locator.register((any UserProviding).self) { provider }

        guard let screen = await makeScreen(EditProfileFactory(services: locator)) else { return }
        // Another provider registered once the screen exists: a screen that looks its provider up
        // again, instead of keeping the one it was built with, now reaches this one.
        let registeredLater = FakeUserProvider(user: .ada)
        await locator.register((any UserProviding).self) { registeredLater }
        await screen.load()
        let shownName = screen.name
        await screen.save(name: "Grace Brewster Hopper")
        let savedLater = await registeredLater.savedNames
        if shownName == User.ada.name || !savedLater.isEmpty {
            Issue.record(
                """
                The screen the factory built used a user provider registered in the locator after the \
                screen was built (it showed "\(shownName)"; names saved through that later provider: \
                \(savedLater)). The screen looks its provider up again instead of keeping the one it was \
                built with: the factory asks the locator once, and the screen uses only what its \
                initialiser was given.
                """)
        } else {
            #expect(
                shownName == User.grace.name,
                "The screen the factory built does not show the registered provider's user (it shows \"\(shownName)\")."
            )
            #expect(
                await provider.savedNames == ["Grace Brewster Hopper"],
                "The screen the factory built does not save through the provider registered in the locator.")
        }
    }

    @Test("A factory whose locator holds no user provider throws, and builds no screen")
    func factoryWithoutAProviderThrows() async {
        let factory = EditProfileFactory(services: ServiceLocator())

        let error = await #expect(
            throws: (any Error).self,
            """
            The factory's locator holds no user provider, yet the factory built a screen. A screen with \
            a made-up provider hides the missing registration until a user sees the wrong profile: let the \
            locator's error through (`try`, no `try?`, no fallback).
            """
        ) {
            _ = try await factory.makeEditProfileScreen()
        }
        #expect(
            error.map { String(describing: $0).contains("UserProviding") } ?? true,
            "The factory threw, but its error does not say that `UserProviding` is missing: pass the locator's error on."
        )
    }

    @Test("Screens built from one locator share one user service: a name saved on one shows on the next")
    func oneSourceOfTruth() async {
        let locator = ServiceLocator()
        await locator.register((any UserProviding).self) { UserService(signedInUser: .ada) }
        let factory = EditProfileFactory(services: locator)

        guard let first = await makeScreen(factory) else { return }
        await first.save(name: "Augusta Ada King")
        guard let second = await makeScreen(factory) else { return }
        await second.load()
        #expect(
            second.name == "Augusta Ada King",
            """
            A name saved on one edit-profile screen does not show on the next one. The user service is \
            the one source of truth about the user: both screens must be wired to the same service, \
            and saving must go to it.
            """)
    }

    @Test("Two apps launched side by side each keep their own locator and their own user")
    func appsDoNotShareALocator() async {
        let adasApp = await ProfileApp(signedInUser: .ada)
        let gracesApp = await ProfileApp(signedInUser: .grace)

        guard let adasScreen = await openEditProfile(in: adasApp),
            let gracesScreen = await openEditProfile(in: gracesApp)
        else { return }
        await adasScreen.load()
        await gracesScreen.load()
        #expect(
            adasScreen.name == User.ada.name && gracesScreen.name == User.grace.name,
            """
            Each app should show its own signed-in user, but they show "\(adasScreen.name)" and \
            "\(gracesScreen.name)": the two apps share one locator, so one app's registration stands \
            in for the other's. Keep the locator in the app and pass it to the factory.
            """)
    }

    @Test("Screens opened in one app share its user service: a name saved on one shows on the next")
    func oneAppOneSourceOfTruth() async {
        let app = await ProfileApp(signedInUser: .grace)

        guard let first = await openEditProfile(in: app) else { return }
        await first.save(name: "Grace Brewster Hopper")
        guard let second = await openEditProfile(in: app) else { return }
        await second.load()
        #expect(
            second.name == "Grace Brewster Hopper",
            """
            A name saved on one edit-profile screen of the app does not show on the next one the app \
            opens: the two screens were given two different user services. The app registers its user \
            service once, when it starts, in the one locator it keeps, and every screen it opens is wired \
            to that service.
            """)
    }

    /// Builds the screen, or records a failure that says what the thrown error means.
    private func makeScreen(
        _ factory: EditProfileFactory, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> EditProfileScreen? {
        do {
            return try await factory.makeEditProfileScreen()
        } catch {
            Issue.record(
                """
                The factory threw instead of building the screen: \(error)
                A user provider was registered as `any UserProviding`; the factory must ask its locator \
                for that type.
                """, sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Opens the screen, or records a failure that says what the thrown error means.
    private func openEditProfile(
        in app: ProfileApp, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> EditProfileScreen? {
        do {
            return try await app.openEditProfile()
        } catch {
            // Tell the two causes apart: a factory that asks for the wrong type, or an app that hands
            // the factory a locator without its registration.
            let probe = ServiceLocator()
            await probe.register((any UserProviding).self) { FakeUserProvider(user: .ada) }
            let factoryWorks = (try? await EditProfileFactory(services: probe).makeEditProfileScreen()) != nil
            Issue.record(
                factoryWorks
                    ? """
                    The app compiled, yet opening the edit-profile screen failed at run time: \(error)
                    The factory finds a provider registered as `any UserProviding`, so the locator the app \
                    gave it has none: the app must register its user service as `any UserProviding` in the \
                    locator it keeps, and hand that same locator to the factory.
                    """
                    : """
                    The app compiled, yet opening the edit-profile screen failed at run time: \(error)
                    A locator checks its registrations only when something asks for them. The factory must \
                    ask for the type the app registered its user provider as, `any UserProviding`.
                    """, sourceLocation: sourceLocation)
            return nil
        }
    }
}
