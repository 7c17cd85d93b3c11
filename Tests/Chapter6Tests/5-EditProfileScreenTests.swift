import Chapter6
import Testing
import WorkbookSupport

@Suite("The edit-profile screen takes its user provider explicitly")
@MainActor
struct EditProfileScreenTests {
    @Test("The screen shows and saves through the provider it is given, with no locator at all")
    func worksWithAFakeAndNoLocator() async {
        let provider = FakeUserProvider(user: .ada)
        let screen = EditProfileScreen(userProvider: provider)

        await screen.load()
        #expect(
            screen.name == User.ada.name && screen.email == User.ada.email,
            "After load(), the screen should show the user from the provider it was given.")

        await screen.save(name: "Ada King")
        #expect(
            await provider.savedNames == ["Ada King"],
            """
            save(name:) never reached the provider the screen was given: it went looking for a user \
            provider somewhere else. A screen that takes a provider in its initialiser must use that \
            one, so that what its initialiser says is all it needs.
            """)
        #expect(screen.name == "Ada King", "After saving, the screen should show the new name.")
    }

    @Test("Every save reaches the provider, whatever the name: the one on show, an empty one, the same twice")
    func everySaveReachesTheProvider() async {
        await expectRule(
            "each save(name:) on either of two screens that share one provider reaches that provider once, in "
                + "order, whatever the name (the one the screen shows, an empty one, the same twice), and the "
                + "screen then shows it; each load shows the provider's user",
            boundaries: ScreenStep.boundaries,
            generated: 30,
            generate: ScreenStep.scenario(using:),
            shrink: { Shrink.sequence($0) },
            tell: ScreenStep.tell,
            check: { steps in await ScreenStep.firstDifference(running: steps) }
        )
    }
}

/// What happens on two edit-profile screens that share one provider.
enum ScreenStep: Equatable, Sendable {
    case load(screen: Int)
    case save(screen: Int, name: String)

    static let names = ["Ada King", User.ada.name, "", "Grace Hopper"]

    /// Always checked: saving the name the screen shows; an empty name on a fresh screen; the same
    /// name twice; a screen saving back the name another screen replaced.
    static let boundaries: [[ScreenStep]] = [
        [.load(screen: 0), .save(screen: 0, name: User.ada.name)],
        [.save(screen: 0, name: "")],
        [.save(screen: 0, name: "Ada King"), .save(screen: 0, name: "Ada King")],
        [.load(screen: 0), .save(screen: 1, name: "Grace Hopper"), .save(screen: 0, name: User.ada.name)],
    ]

    static func scenario(using random: inout SeededRandom) -> [ScreenStep] {
        (0..<random.intNearEdges(in: 1...6)).map { _ in
            random.chance(0.35)
                ? .load(screen: random.int(in: 0...1))
                : .save(screen: random.int(in: 0...1), name: random.pick(names))
        }
    }

    /// Runs `steps` on two new screens and a new fake; the first difference from the model, in
    /// words, or `nil`. The model: every save is recorded once, in order, and becomes the user's
    /// name; a screen shows what it last saved or loaded.
    @MainActor
    static func firstDifference(running steps: [ScreenStep]) async -> String? {
        let provider = FakeUserProvider(user: .ada)
        let screens = [EditProfileScreen(userProvider: provider), EditProfileScreen(userProvider: provider)]
        var saved: [String] = []
        var current = User.ada.name
        var shown = ["", ""]
        for (number, step) in zip(1..., steps) {
            switch step {
            case .load(let screen):
                await screens[screen].load()
                shown[screen] = current
            case .save(let screen, let name):
                await screens[screen].save(name: name)
                saved.append(name)
                current = name
                shown[screen] = name
            }
            let recorded = await provider.savedNames
            if recorded != saved {
                let why =
                    recorded.isEmpty
                    ? "save(name:) does not reach the provider the screen was given."
                    : recorded.count < saved.count
                        ? "a save was skipped: every save goes to the provider, even of a name that looks unchanged."
                        : "a save reached it more than once, or changed on the way."
                return "after step \(number), the provider was asked to save \(list(recorded)) instead of "
                    + "\(list(saved)): \(why)"
            }
            for index in screens.indices where screens[index].name != shown[index] {
                return "after step \(number), screen \(index == 0 ? "A" : "B") shows \"\(screens[index].name)\" "
                    + "instead of \"\(shown[index])\"."
            }
        }
        return nil
    }

    static func list(_ names: [String]) -> String {
        names.isEmpty ? "nothing" : names.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    static func tell(_ steps: [ScreenStep]) -> String {
        "Screens A and B are made with one provider, whose user is \(User.ada.name).\n"
            + numberedSteps(
                steps.map { step in
                    switch step {
                    case .load(let screen): "Screen \(screen == 0 ? "A" : "B") loads."
                    case .save(let screen, let name): "Screen \(screen == 0 ? "A" : "B") saves the name \"\(name)\"."
                    }
                })
    }
}
