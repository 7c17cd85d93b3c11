import Chapter2
import Foundation
import Testing
import WorkbookSupport

@Suite("One shared instance on the standard store, and others on stores of their own")
@MainActor
struct SharedAndOwnStoreTests {
    @Test("Code outside the module cannot swap the shared settings for others")
    func sharedIsFixed() async {
        await expectDoesNotCompile(
            """
            @MainActor
            func replaceTheAppSettings(with testSettings: AppSettings) {
                AppSettings.shared = testSettings
            }
            """,
            mentioning: "cannot assign",
            """
            Any module can still replace `AppSettings.shared`. A test that does so changes the \
            settings of every test running beside it. Make `shared` a constant: code that needs \
            other settings makes an instance of its own with `AppSettings(store:)`.
            """)
    }

    @Test("Code elsewhere in the module cannot swap the shared settings either")
    func sharedIsFixedInsideTheModule() async {
        await expectDoesNotCompile(
            """
            @MainActor
            func replaceTheAppSettings(with testSettings: AppSettings) {
                AppSettings.shared = testSettings
            }
            """,
            mentioning: "'let' constant",
            from: .insideTheModule,
            """
            `AppSettings.shared` is not a `static let`. A setter marked `internal(set)`, or none at all, \
            lets every file of the module swap the app's settings; `private(set)` still lets the type's \
            own code swap them; a computed property runs code on every access, and may hand out \
            another instance each time. Make `shared` a `static let`: then nobody can replace it, and \
            the compiler says so ("'shared' is a 'let' constant").
            """)
    }

    @Test("The shared instance keeps the standard store, and a new instance keeps the store it is given")
    func eachInstanceKeepsItsStore() async throws {
        // Building the shared settings runs the code under test on the standard store: the guard
        // reports, and undoes, anything that code writes there.
        try keepingTheStandardStore {
            #expect(
                AppSettings.shared.store === UserDefaults.standard,
                """
                AppSettings.shared does not use UserDefaults.standard. The shared instance is the app's \
                own settings, so it stays on the standard store.
                """)

            try withTemporaryStore { testStore in
                let settings = AppSettings(store: testStore)
                #expect(
                    settings.store === testStore,
                    """
                    AppSettings(store:) did not keep the store it was given: its `store` is \
                    \(settings.store === UserDefaults.standard ? "UserDefaults.standard" : "another store"). \
                    A singleton plus lets every other instance live in a store of its own.
                    """)
            }
        }
        // An instance keeps its store for good: nobody moves the app's settings to another store.
        await expectDoesNotCompile(
            """
            @MainActor
            func moveTheAppsSettings(to otherStore: UserDefaults) {
                AppSettings.shared.store = otherStore
            }
            """,
            mentioning: "cannot assign",
            """
            Code in another module can give `AppSettings.shared` another store, which moves the app's own \
            settings out of the standard store for everyone. Each instance keeps the store it was made \
            with: make `store` a constant (`let`).
            """)

        // Each instance keeps the store it was made with, and names it.
        await expectDoesNotCompile(
            """
            @MainActor
            func repoint(_ settings: AppSettings, to other: UserDefaults) {
                settings.store = other
            }
            """,
            mentioning: "'let' constant",
            from: .insideTheModule,
            """
            `store` is not a `let`, so code in the module can repoint an instance: with a `var`, or a \
            setter kept for debug builds, any file can move `AppSettings.shared` off the standard store, \
            and a test that does so moves it for every test running beside it; with `private(set)`, the \
            type's own code still can. Each instance keeps the store it was made with: `public let store`.
            """)
        await expectDoesNotCompile(
            """
            @MainActor
            func settingsWithoutAStore() -> AppSettings {
                AppSettings()
            }
            """,
            mentioning: "missing argument",
            """
            `AppSettings()` compiles, so code that leaves the store out gets settings on a store chosen \
            for it, most likely `UserDefaults.standard`: a test that forgets the argument writes the \
            player's real settings. `init(store:)` takes its store with no default; only `shared` is on \
            the standard store.
            """)
    }
}
