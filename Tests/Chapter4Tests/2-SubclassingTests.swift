import Chapter4
import Testing
import WorkbookSupport

@Suite("Another module can subclass the singleton")
struct SubclassingTests {
    @Test("Another module can subclass ScarySingleton, override its important method and create the subclass")
    func subclassFromAnotherModule() async {
        await expectCompiles(
            """
            final class CountingSingleton: ScarySingleton {
                private(set) var calls = 0
                private(set) var valuesSet: [String?] = []

                override var importantValue: String? {
                    didSet { valuesSet.append(importantValue) }
                }

                override func doSomethingImportant() {
                    calls += 1
                }
            }

            @MainActor
            func makeStandIn() -> ScarySingleton {
                CountingSingleton()
            }
            """,
            """
            The tests live in another module, and from there ScarySingleton cannot be subclassed yet. \
            Outside its module, a class can be subclassed only if it is `open`, a method or a property \
            (`importantValue`, which a stub may watch) overridden only if it is `open`, and a subclass \
            built only if the class has a `public` initialiser.
            """)
        await expectDoesNotCompile(
            """
            @MainActor
            func forgetWhatWasSent() {
                ScarySingleton.sharedInstance.sentValues = []
            }
            """,
            mentioning: "setter is inaccessible",
            """
            Code in another module can rewrite `sentValues`, the record of what the important work \
            really sent. Open only what a stub overrides (the class, `importantValue`, \
            `doSomethingImportant()`); what the singleton has sent stays `public private(set)`.
            """)
        await expectDoesNotCompile(
            """
            final class ForgetfulSingleton: ScarySingleton {
                override var sentValues: [String] { [] }
            }
            """,
            mentioning: "non-open",
            """
            A subclass in another module can override `sentValues` and make the record of what was \
            sent say anything. Open only what a stub overrides (the class, `importantValue`, \
            `doSomethingImportant()`); `sentValues` stays `public private(set)`, not `open`.
            """)
    }
}
