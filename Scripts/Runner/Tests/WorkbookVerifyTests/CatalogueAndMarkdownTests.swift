import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookVerify

@Suite("The catalogue page, the code in the Markdown, and the lesson's shape, as the verifier reads them")
struct CatalogueAndMarkdownTests {
    @Test("A catalogue page lists alternatives and mistakes, with what catches each")
    func cataloguePage() {
        let page = """
            # Chapter 1 · Catalogue

            ## Other sound designs

            | Case | What it models |
            |---|---|
            | [`actor-board`](actor-board.md) | An actor, `post` awaits before it appends. |
            | [`global-board`](global-board.md) | A global the app target would isolate. (library world) |

            ## Typical mistakes

            | Case | What it models | Caught by |
            |---|---|---|
            | [`internal-init`](internal-init.md) | `init()` left internal. | "Code inside the module cannot make a board"; "Second" |
            | [`unlocked`](unlocked.md) | No lock. (timing) | race check |
            | [`await-in-lock`](await-in-lock.md) | `await` inside `withLock`. | compiler: "synchronous" |
            | actor-board | no link | "x" |
            | [`silent`](silent.md) | Says nothing about what catches it. | |
            """
        let (cases, problems) = Catalogue.parse(page)
        #expect(cases.map(\.name) == ["actor-board", "global-board", "internal-init", "unlocked", "await-in-lock"])
        #expect(cases.map(\.isMistake) == [false, false, true, true, true])
        #expect(cases.map(\.libraryWorldOnly) == [false, true, false, false, false])
        #expect(cases[1].summary == "A global the app target would isolate.", "The mark is not part of the summary.")
        #expect(
            cases.map(\.expectation) == [
                .passes, .passes, .failingTests(["Code inside the module cannot make a board", "Second"]), .raceCheck,
                .compiler("synchronous"),
            ])
        #expect(cases[3].dependsOnTiming && cases[3].summary == "No lock.")
        #expect(problems.count == 2, "the row without a link and the mistake without a catcher: \(problems)")
    }

    @Test("After the solution changes, --rebase-pages carries each page onto it, the case's own lines kept")
    func rebasePages() async throws {
        try await withTemporaryFolder { root in
            let folder = "Chapter1-T"
            func write(_ text: String, _ path: String) throws { try writeFile(text, at: path, under: root) }
            func git(_ arguments: [String]) async throws {
                let result = try await Command(
                    ["git", "-c", "user.email=t@t", "-c", "user.name=t"] + arguments, in: root
                ).run()
                #expect(result.succeeded, "git \(arguments): \(result.output)")
            }
            try write("# Chapter 1 · T\n", "Chapters/\(folder)/README.md")
            try write("let board = 0\n", "Chapters/\(folder)/Board.swift")
            let lines = (1...12).map { "let line\($0) = \($0)" }
            try write(lines.joined(separator: "\n") + "\n", "Solutions/\(folder)/Board.swift")
            try write(
                """
                ## Typical mistakes

                | Case | What it models | Caught by |
                |---|---|---|
                | [`far`](far.md) | A change far from the edit. | "Board" |
                | [`same`](same.md) | A change on the edited line. | "Board" |
                """, "Solutions/\(folder)/Catalogue/README.md")
            func page(_ name: String, _ summary: String, line: Int) -> String {
                """
                # `\(name)`: a typical mistake of [Chapter 1](README.md)
                \(summary)\\
                **Caught by** "Board".\\
                **Why it is wrong:** it is.

                ```diff
                --- solution/Board.swift
                +++ learner/Board.swift
                @@ -\(line - 1),3 +\(line - 1),3 @@
                 let line\(line - 1) = \(line - 1)
                -let line\(line) = \(line)
                +let line\(line) = 0
                 let line\(line + 1) = \(line + 1)
                ```
                """
            }
            try write(page("far", "A change far from the edit.", line: 10), "Solutions/\(folder)/Catalogue/far.md")
            try write(page("same", "A change on the edited line.", line: 3), "Solutions/\(folder)/Catalogue/same.md")
            try await git(["init", "-q"])
            try await git(["add", "-A"])
            try await git(["commit", "-qm", "pages"])
            var edited = lines
            edited[1] = "let line2 = 2  // a comment"
            edited[2] = "let line3 = 3  // a comment"
            try write(edited.joined(separator: "\n") + "\n", "Solutions/\(folder)/Board.swift")
            try await git(["commit", "-qam", "a comment"])

            let workbook = try Workbook(root: root)
            let chapter = try #require(workbook.chapter(1))
            #expect(!Catalogue(chapter: chapter, in: workbook).problems.isEmpty, "The edit breaks a page.")
            let outcomes = await PageRebase(workbook: workbook, chapter: chapter).run()
            #expect(outcomes.map(\.name) == ["far", "same"])
            #expect(outcomes.first { $0.name == "far" }?.outcome == .applies)
            #expect(outcomes.first { $0.name == "same" }?.outcome == .rebasedOverLearnersLines(["Board.swift"]))
            let catalogue = Catalogue(chapter: chapter, in: workbook)
            #expect(catalogue.problems.isEmpty, "\(catalogue.problems)")
            let tree = try catalogue.tree(of: try #require(catalogue.cases.last), in: workbook)
            let board = String(decoding: try #require(tree["Board.swift"]), as: UTF8.self)
            // Where both changed the same lines, the case's lines stand, as the learner wrote them.
            #expect(board.contains("let line3 = 0\n") && !board.contains("let line3 = 3"), "\(board)")
        }
    }

    @Test("A case's page gives its tree: its diff applied to the solution, with the starter's lesson")
    func casePages() throws {
        try withTemporaryFolderSync { root in
            let folder = "Chapter1-T"
            func write(_ text: String, _ path: String) throws { try writeFile(text, at: path, under: root) }
            try write("# Chapter 1 · T\n", "Chapters/\(folder)/README.md")
            try write("let board = 0 // TODO: Step 1.\n", "Chapters/\(folder)/Board.swift")
            try write("let board = 1\nlet other = 2\n", "Solutions/\(folder)/Board.swift")
            try write(
                """
                ## Typical mistakes

                | Case | What it models | Caught by |
                |---|---|---|
                | [`off-by-one`](off-by-one.md) | One too few. | "Board is one" |
                | [`stale`](stale.md) | A base that moved. | "Board is one" |
                """, "Solutions/\(folder)/Catalogue/README.md")
            let page = """
                # `off-by-one`: a typical mistake of [Chapter 1](README.md)
                One too few.\\
                **Caught by** "Board is one".\\
                **Why it is wrong:** one is not zero.

                ```diff
                --- solution/Board.swift
                +++ learner/Board.swift
                @@ -1,2 +1,2 @@
                -let board = 1
                +let board = 0
                 let other = 2
                ```
                """
            try write(page, "Solutions/\(folder)/Catalogue/off-by-one.md")
            try write(
                page.replacingOccurrences(of: "One too few.", with: "A base that moved.").replacingOccurrences(
                    of: "let other = 2", with: "let other = 3"), "Solutions/\(folder)/Catalogue/stale.md")
            try write("# stray\n", "Solutions/\(folder)/Catalogue/unlisted.md")

            let workbook = try Workbook(root: root)
            let catalogue = Catalogue(chapter: try #require(workbook.chapter(1)), in: workbook)
            let tree = try catalogue.tree(of: catalogue.cases[0], in: workbook)
            #expect(
                tree.mapValues { String(decoding: $0, as: UTF8.self) } == [
                    "Board.swift": "let board = 0\nlet other = 2\n", "README.md": "# Chapter 1 · T\n",
                ])
            #expect(
                catalogue.problems.count == 3, "the stale diff, and the unlisted page twice: \(catalogue.problems)")
            #expect(catalogue.problems.contains { $0.contains("unlisted.md: a page starts with three lines") })
            #expect(
                catalogue.problems.contains {
                    $0.hasSuffix(
                        "stale.md: Board.swift: the hunk at line 1 (line 3 of the diff) no longer matches the base, which has changed there; it expects `let board = 1`"
                    )
                })
            #expect(catalogue.problems.contains { $0.contains("unlisted.md is not a case listed") })

            try write(
                page.replacingOccurrences(of: "\"Board is one\".", with: "\"Board is two\"."),
                "Solutions/\(folder)/Catalogue/off-by-one.md")
            let disagreeing = Catalogue(chapter: try #require(workbook.chapter(1)), in: workbook)
            #expect(
                disagreeing.problems.contains {
                    $0.contains("README.md: its rows are not what its pages say")
                        && $0.hasSuffix("./Scripts/verify --write-index 1")
                })
        }
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
        #expect(
            MarkdownCode.Directive("app world; fails \"main actor\"").appWorld,
            "`app world` compiles the block as the app world compiles the chapters.")
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
        #expect(ChapterContentCheck.lessonProblems(good, chapter: chapter) == (2, []))
        let late = good.replacingOccurrences(
            of: "## Steps", with: String(repeating: "Filler.\n", count: 40) + "## Steps")
        #expect(
            ChapterContentCheck.lessonProblems(late, chapter: chapter).problems.contains {
                $0.contains("within the first 40")
            })
        let unordered = good.replacingOccurrences(of: "## Background\n", with: "").replacingOccurrences(
            of: "## The problem", with: "## Background\n\n## The problem")
        #expect(
            ChapterContentCheck.lessonProblems(unordered, chapter: chapter).problems.contains { $0.contains("order") })
    }

    @Test("Each step's hints end with the code")
    func hintsEndWithCode() {
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
            ChapterContentCheck.hintSteps(hints) == [
                .init(number: 1, lastItemHasCode: true), .init(number: 2, lastItemHasCode: false),
            ])
    }
}

@Suite("Verify's hint check and the learner's hints agree")
struct HintCheckTests {
    @Test("A last hint whose code is fenced with ~~~ passes verify, and the learner gets that code")
    func sameReader() {
        let hints = """
            ## Step 1
            1. A question?
            2. Show me:

               ~~~swift
               let x = 1
               ~~~

            ## Step 2
            1. A question whose code is not indented, so not part of the item:

            ```swift
            let y = 2
            ```
            """
        #expect(
            ChapterContentCheck.hintSteps(hints) == [
                .init(number: 1, lastItemHasCode: true), .init(number: 2, lastItemHasCode: false),
            ])
        let shown = Hints(markdown: hints).steps.map { $0.questions.last.map(Hints.hasCode) }
        #expect(shown == [true, false], "What verify accepts as code is what --hint shows as code.")
    }
}

@Suite("The catalogue's index is written from its pages")
struct CatalogueIndexTests {
    func page(_ name: String, mistake: Bool, summary: String, verdict: String) -> String {
        "# `\(name)`: \(mistake ? "a typical mistake" : "another sound design") of [Chapter 1](README.md)\n"
            + "\(summary)\\\n\(verdict)\\\n**Why:** because.\n"
    }

    @Test("Rows come from the pages, marks included, in the index's order; new pages join their table, gone ones leave")
    func regenerates() {
        let index = """
            # Catalogue

            ## Other sound designs

            | Case | What it models |
            |---|---|
            | [`b-design`](b-design.md) | Old words. |
            | [`gone`](gone.md) | No page any more. |

            ## Typical mistakes

            | Case | What it models | Caught by |
            |---|---|---|
            | [`z-mistake`](z-mistake.md) | Old words. | "Old test" |

            The end.
            """
        let pages = [
            "b-design": page(
                "b-design", mistake: false, summary: "A design.",
                verdict: "**Passes** every test of the chapter, and the race check, in a library module only."),
            "z-mistake": page(
                "z-mistake", mistake: true,
                summary: "A race with `a || b`. Its verdict depends on timing, so verify runs it five times.",
                verdict: "**Caught by** race check."),
            "a-mistake": page(
                "a-mistake", mistake: true, summary: "New.", verdict: "**Caught by** \"Test one\"; \"Test two\"."),
        ]
        let (text, problems) = CatalogueIndex.regenerated(index: index, pages: pages)
        #expect(problems.isEmpty)
        #expect(
            text == """
                # Catalogue

                ## Other sound designs

                | Case | What it models |
                |---|---|
                | [`b-design`](b-design.md) | A design. (library world) |

                ## Typical mistakes

                | Case | What it models | Caught by |
                |---|---|---|
                | [`z-mistake`](z-mistake.md) | A race with `a \\|\\| b`. (timing) | race check |
                | [`a-mistake`](a-mistake.md) | New. | "Test one"; "Test two" |

                The end.
                """)
        #expect(CatalogueIndex.regenerated(index: text, pages: pages).text == text, "Written once, it stays.")
        let (_, unreadable) = CatalogueIndex.regenerated(index: index, pages: ["bad": "# bad\nNo.\n"])
        #expect(
            unreadable == ["bad.md: a page starts with three lines: title, summary, verdict"] || unreadable.count == 1)
    }
}

@Suite("The chapters' figures are written from their lessons and tests")
struct ChapterFiguresTests {
    @Test("--write-figures mends every figure the content check would refuse, and changes nothing else")
    func writesWhatTheCheckWants() throws {
        try withTemporaryFolderSync { root in
            for folder in ["Chapters", "Solutions", "Tests", ".github"] {
                try FileManager.default.copyItem(
                    at: workbookRoot.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
            }
            let workbook = try Workbook(root: root)
            let check = ChapterContentCheck(workbook: workbook)
            let chapter = try #require(workbook.chapter(1))
            let notesPath = "\(chapter.solutionFolder)/TEACHING.md"
            let guidePath = "Solutions/TEACHING.md"
            func read(_ path: String) throws -> String {
                try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            }
            let (notes, guide) = (try read(notesPath), try read(guidePath))
            #expect(try check.writeFigures().isEmpty, "The workbook's own figures are current.")

            // Wrong figures in all three places.
            try writeFile(
                notes.replacing(/· \d+ steps/, with: "· 99 steps", maxReplacements: 1)
                    .replacing(/, \d+ tests/, with: ", 98 tests", maxReplacements: 1), at: notesPath, under: root)
            try writeFile(
                guide.replacing(/\| 1 \| (\[[^\]]*\]\([^)]*\)) \| \d+ \| \d+ \|/, maxReplacements: 1) {
                    "| 1 | \($0.output.1) | 7 | 70 |"
                }.replacing(/`0\/\d+`/, with: "`0/1`", maxReplacements: 1), at: guidePath, under: root)
            #expect(try check.problems(only: nil).count { $0.contains("--write-figures") } == 3)

            #expect(try check.writeFigures() == [notesPath, guidePath])
            #expect(try read(notesPath) == notes)
            #expect(try read(guidePath) == guide)
            #expect(try check.problems(only: nil).allSatisfy { !$0.contains("--write-figures") })
        }
    }
}
