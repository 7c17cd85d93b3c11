import Foundation
import Testing

@testable import WorkbookKit

@Suite("The catalogue page, the code in the Markdown, and the lesson's shape, as the verifier reads them")
struct CatalogueAndMarkdownTests {
    @Test("A catalogue page lists alternatives and mistakes, with what catches each")
    func cataloguePage() {
        let page = """
            # Chapter 1 · Catalogue

            ## Other sound designs

            | Case | What it models |
            |---|---|
            | [`actor-board`](actor-board/) | An actor, `post` awaits before it appends. |

            ## Typical mistakes

            | Case | What it models | Caught by |
            |---|---|---|
            | [`internal-init`](internal-init/) | `init()` left internal. | "Code inside the module cannot make a board"; "Second" |
            | [`unlocked`](unlocked/) | No lock. (timing) | race check |
            | [`await-in-lock`](await-in-lock/) | `await` inside `withLock`. | compiler: "synchronous" |
            | actor-board | no link | "x" |
            | [`silent`](silent/) | Says nothing about what catches it. | |
            """
        let (cases, problems) = Catalogue.parse(page)
        #expect(cases.map(\.name) == ["actor-board", "internal-init", "unlocked", "await-in-lock"])
        #expect(cases.map(\.isMistake) == [false, true, true, true])
        #expect(
            cases.map(\.expectation) == [
                .passes, .failingTests(["Code inside the module cannot make a board", "Second"]), .raceCheck,
                .compiler("synchronous"),
            ])
        #expect(cases[2].dependsOnTiming && cases[2].summary == "No lock.")
        #expect(problems.count == 2, "the row without a link and the mistake without a catcher: \(problems)")
    }

    @Test("Fenced blocks keep their directive, lose their list indentation, and contexts are read")
    func markdownBlocks() {
        let text = """
            Intro.

            <!-- swift-context Board
            final class Board {
            %%
            }
            -->

            1. A hint.

               <!-- swift: in Board; fails "cannot find" -->
               ```swift
               func f() { g() }
               ```

            ```text
            error: cannot find 'g' in scope
            ```

            <!-- swift: fragment -->
            ```swift
            x
            ```
            """
        let document = MarkdownCode.Document(text, file: "HINTS.md")
        #expect(document.problems.isEmpty)
        #expect(document.contexts["Board"] == "final class Board {\n%%\n}")
        #expect(document.blocks.map(\.language) == ["swift", "text", "swift"])
        #expect(document.blocks[0].code == "func f() { g() }")
        #expect(document.blocks[0].directive.context == "Board")
        #expect(document.blocks[0].directive.fails == "cannot find")
        #expect(document.blocks[0].line == 12)
        #expect(document.blocks[2].directive.fragment)
        #expect(MarkdownCode.quotesCompiler(document.blocks[1].code))
        #expect(MarkdownCode.Directive("bogus").problems == ["unknown directive `bogus`"])
    }

    @Test("Compiler output compares with a quote without its place or its diagnostic group")
    func normalizedDiagnostics() {
        let said = MarkdownCode.normalized(
            "Block.swift:3:16: error: static property 'shared' is not concurrency-safe [#MutableGlobalVariable]")
        #expect(said == "error: static property 'shared' is not concurrency-safe")
        #expect(said.contains(MarkdownCode.normalized("error: static property 'shared' is not concurrency-safe")))
    }

    @Test("A lesson leads with its steps, in the first 40 lines, in the sections' order")
    func lessonShape() {
        let chapter = Chapter(number: 1, title: "T", folder: "Chapter1-T")
        let good = """
            # Chapter 1 · T

            ## The problem

            ## Steps

            1. **One.**
            2. **Two.**

            ## Background

            ## How to know you are done

            ## Questions to discuss

            ## Going further
            """
        #expect(Layout.lessonProblems(good, chapter: chapter) == (2, []))
        let late = good.replacingOccurrences(
            of: "## Steps", with: String(repeating: "Filler.\n", count: 40) + "## Steps")
        #expect(Layout.lessonProblems(late, chapter: chapter).problems.contains { $0.contains("within the first 40") })
        let unordered = good.replacingOccurrences(of: "## Background\n", with: "").replacingOccurrences(
            of: "## The problem", with: "## Background\n\n## The problem")
        #expect(Layout.lessonProblems(unordered, chapter: chapter).problems.contains { $0.contains("order") })
    }

    @Test("Each step's hints end with the code, and test files carry their step")
    func hintsAndTestFiles() {
        let hints = """
            ## Step 1
            1. A question?
            2. Show me:

               ```swift
               let x = 1
               ```

            ## Step 2
            1. Only a question?
            """
        #expect(
            Layout.hintSteps(hints) == [
                .init(number: 1, lastItemHasCode: true), .init(number: 2, lastItemHasCode: false),
            ])
        #expect(Layout.step(ofTestFile: "2-NoSecondBoardTests.swift") == 2)
        #expect(Layout.step(ofTestFile: "Support.swift") == nil)
        #expect(Layout.step(ofTestFile: "12abc.swift") == nil)
    }
}
