import Chapter4
import Testing
import WorkbookSupport

@Suite("The scary singleton has one instance, kept on the main actor")
@MainActor
struct OneInstanceTests {
    @Test("Every access to ScarySingleton.sharedInstance gives the same instance")
    func sameInstanceEveryTime() {
        let first = ScarySingleton.sharedInstance
        let second = ScarySingleton.sharedInstance
        #expect(
            first === second,
            """
            ScarySingleton.sharedInstance gave two different instances, so what one screen sets there \
            is gone for the next. Make it a stored `static let`: Swift 6 accepts that once the class is \
            isolated to the main actor.
            """)
    }

    @Test("ScarySingleton.sharedInstance is a stored constant that nobody can replace")
    func sharedInstanceCannotBeReplaced() async {
        await expectDoesNotCompile(
            """
            @MainActor
            func replaceTheSingleton(with other: ScarySingleton) {
                ScarySingleton.sharedInstance = other
            }
            """,
            mentioning: "'let' constant",
            """
            Code in another module can put another instance in place of ScarySingleton.sharedInstance \
            (or the compiler refuses it for another reason than a constant). Every screen that loads \
            after such a swap talks to the other instance. Make it a stored `static let`: created once, \
            and nobody can reassign it.
            """)
    }

    @Test("Code away from the main actor cannot touch the singleton's state")
    func onlyTheMainActorTouchesIt() async {
        await expectDoesNotCompile(
            """
            func changeFromAnyThread() {
                ScarySingleton.sharedInstance.importantValue = "set from a background thread"
            }
            """,
            mentioning: "main actor-isolated",
            """
            Code that is not on the main actor can change the singleton's state, and the compiler lets \
            it. Every screen shares this instance, and screens live on the main actor: isolate the class \
            to it with `@MainActor`, rather than making a promise of safety the compiler cannot check.
            """)
        // The same rule, reached the other way: code on the main actor hands the instance away.
        await expectDoesNotCompile(
            """
            @MainActor
            func handTheSingletonAway() async {
                let shared = ScarySingleton.sharedInstance
                await Task.detached { shared.importantValue = "set off the main actor" }.value
            }
            """,
            mentioning: "main actor-isolated",
            """
            Code on the main actor can hand the shared instance to a detached task, which changes it \
            off the main actor, and the compiler lets it: the screens and that task can then change it \
            at the same time. `@MainActor` on `sharedInstance` alone does not prevent it (Swift 6.3 \
            lets another module send a value read from a main-actor `static let` away). Isolate the \
            class itself with `@MainActor`: then no instance can be changed away from the main actor.
            """)
    }
}
