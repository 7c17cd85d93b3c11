import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore

@Suite("Hints fenced either way")
struct HintsTests {
    static let markdown = """
        ## Step 1
        1. A question?
        2. The code:

           ~~~swift
           private init() {}

           // ``` inside a tilde block is code, not a fence
           static let shared = MessageBoard()
           ~~~

        ## Step 2
        1. Next?
        """

    @Test("A hint fenced with ~~~ reaches the learner line for line, as a block of code")
    func tildeFence() {
        let hints = Hints(markdown: Self.markdown)
        #expect(hints.steps.map(\.number) == [1, 2])
        let code = hints.steps[0].questions[1]
        #expect(
            code == """
                The code:

                ~~~swift
                private init() {}

                // ``` inside a tilde block is code, not a fence
                static let shared = MessageBoard()
                ~~~
                """)
        #expect(Hints.hasCode(code))
        #expect(
            Hints.display(code) == [
                "  The code:", "", "    ~~~swift", "    private init() {}", "",
                "    // ``` inside a tilde block is code, not a fence", "    static let shared = MessageBoard()",
                "    ~~~",
            ])
        #expect(hints.steps[1].questions == ["Next?"], "The block ends at its own fence; step 2 is read as usual.")
    }

    @Test("The Markdown check's directives never reach the learner")
    func directivesAreLeftOut() {
        let markdown = """
            ## Step 1
            1. The code:

               <!-- swift: in Board -->
               ```swift
               private init() {}
               ```
            """
        let hint = Hints(markdown: markdown).steps[0].questions[0]
        #expect(!hint.contains("<!--"))
        #expect(hint == "The code:\n\n```swift\nprivate init() {}\n```")
    }
}
