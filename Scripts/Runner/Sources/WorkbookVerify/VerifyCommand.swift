import Foundation
import WorkbookCore

/// `./Scripts/verify`: the one command that proves the workbook is sound.
public enum VerifyCommand {
    /// Writes a line at once, so that a log (CI's, say) shows each step as it happens.
    static func print(_ text: String) { printNow(text) }

    /// `./Scripts/verify --help`: the checks and the options that leave one out come from
    /// ``Verifier/checks(options:)``.
    public static var usage: String {
        let checks = Verifier.checks(options: Verifier.Options())
        let list = checks.map { check in
            "  - \(check.title)" + (check.skippedBy.map { " (\($0.rawValue) leaves it out)" } ?? "")
        }
        return """
            usage: ./Scripts/verify [options]

            Proves the workbook is sound, on a copy in .build-verify/ (your working copy is only
            read; if Chapters/ has local changes, the committed starters are checked). Its checks,
            in order (a check whose program is missing here says so and does not fail):

            \(list.joined(separator: "\n"))

            options:
            \(table(for: nil).usage())

            Exit status 0 only when every check passed and none was left out.
            """
    }

    public static func main(_ arguments: [String], workbook: Workbook) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        var parsed = Arguments(count: arguments.count)
        do {
            try table(for: workbook).parse(arguments, into: &parsed)
        } catch {
            printError("\(error)" + (error is OptionError && "\(error)".hasPrefix("unknown") ? "\n\n\(usage)" : ""))
            return 2
        }
        if let chapters = parsed.rebasePages { return await rebasePages(chapters, workbook: workbook) }
        if let chapters = parsed.writeIndex { return writeIndex(chapters, workbook: workbook) }
        if parsed.writeFigures { return writeFigures(workbook: workbook) }
        if parsed.refreshTestHashes {
            do {
                let count = try TestHashes.write(in: workbook)
                print("Wrote \(TestHashes.listPath): the hashes of \(count) test files. Commit it with the tests.")
                return 0
            } catch {
                printError("Could not write \(TestHashes.listPath): \(error)")
                return 1
            }
        }
        var options = parsed.options
        if parsed.runsGiven && options.catalogueChapters != nil { options.catalogueRuns = options.runs }
        var style = Style.detect()
        if parsed.noColor { style.colors = false }
        let clock = ContinuousClock()
        let start = clock.now
        let title = "Verifying the workbook" + (options.chapter.map { " (chapter \($0) only)" } ?? "")
        print(style.bold(title))
        let output = style
        let verifier = Verifier(workbook: workbook, options: options) { event in
            let style = output
            switch event {
            case .started(let title):
                print("  … \(title)")
            case .note(let note):
                print(style.yellow("    \(note)"))
            case .progress(let line):
                print("    \(line)")
            case .ended(let step):
                print(line(for: step, style: style))
                for detail in step.details.prefix(40) where step.result == .failed {
                    print("      " + detail.replacingOccurrences(of: "\n", with: "\n      "))
                }
                if step.result == .failed && step.details.count > 40 {
                    print("      (and \(step.details.count - 40) more)")
                }
            }
        }
        // The toolchain leaves an empty folder in the temporary directory with nearly every build
        // and test run, thousands in one verify: this run gets a folder of its own for them, and
        // removes it at the end.
        let temporary = try? TemporaryFolder(prefix: "workbook-verify")
        if let temporary { setenv("TMPDIR", temporary.url.path, 1) }
        let steps = await verifier.run()
        temporary?.remove()
        let elapsed = clock.now - start

        let failed = steps.filter { $0.result == .failed }
        let skipped = steps.filter { if case .skipped = $0.result { true } else { false } }
        print("")
        let unavailable = steps.filter { if case .unavailable = $0.result { true } else { false } }
        for step in unavailable {
            if case .unavailable(let why) = step.result {
                print(style.yellow("Notice: \(step.title) was not checked on this machine: \(why)."))
            }
        }
        if failed.isEmpty && skipped.isEmpty {
            let passed = steps.count - unavailable.count
            print(style.green("✔ The workbook is sound: all \(passed) checks passed in \(elapsed.readable)."))
            return 0
        }
        if failed.isEmpty {
            print(
                style.yellow(
                    "● Every check that ran passed, but \(skipped.count) did not run: "
                        + "\(skipped.map(\.title).joined(separator: "; ")). Not a full verification."))
        } else {
            print(
                style.red(
                    "✘ \(failed.count) of \(steps.count) checks failed: "
                        + failed.map(\.title).joined(separator: "; ") + "."))
        }
        return 1
    }

    static func line(for step: Verifier.Step, style: Style) -> String {
        let time = style.dim(step.duration == .zero ? "" : "  \(step.duration.readable)")
        switch step.result {
        case .passed: return "  \(style.green("✔")) \(step.title)\(time)"
        case .failed: return "  \(style.red("✘")) \(step.title)\(time)"
        case .skipped(let why): return "  \(style.yellow("–")) \(step.title): skipped, \(why)"
        case .unavailable(let why): return "  \(style.yellow("!")) \(step.title): not checked here, \(why)"
        }
    }

    /// `--write-index N|all`: each chapter's catalogue index written from its pages.
    static func writeIndex(_ chapters: [Chapter], workbook: Workbook) -> Int32 {
        var failed = false
        for chapter in chapters {
            let folder = workbook.root.appendingPathComponent(Catalogue.folder(of: chapter))
            let index = folder.appendingPathComponent("README.md")
            guard let text = try? String(contentsOf: index, encoding: .utf8) else {
                printError("\(Catalogue.folder(of: chapter))/README.md is missing")
                failed = true
                continue
            }
            let (generated, problems) = CatalogueIndex.regenerated(index: text, pages: CatalogueIndex.pages(in: folder))
            for problem in problems { printError("\(Catalogue.folder(of: chapter))/\(problem)") }
            failed = failed || !problems.isEmpty
            if generated == text {
                print("Chapter \(chapter.number): the index is what its pages say.")
            } else {
                do {
                    try generated.write(to: index, atomically: true, encoding: .utf8)
                    print("Chapter \(chapter.number): wrote \(Catalogue.folder(of: chapter))/README.md from its pages.")
                } catch {
                    printError("Could not write \(Catalogue.folder(of: chapter))/README.md: \(error)")
                    failed = true
                }
            }
        }
        return failed ? 1 : 0
    }

    /// `--write-figures`: each chapter's steps and tests, written where the teacher's notes and the
    /// class guide give them, the solutions' copies of given files, and the Classroom workflow's
    /// graded steps.
    static func writeFigures(workbook: Workbook) -> Int32 {
        do {
            let written = try ChapterContentCheck(workbook: workbook).writeFigures()
            print(
                written.isEmpty
                    ? "The teacher's notes, the class guide and the Classroom workflow give the chapters as they are."
                    : "Wrote the chapters' figures into " + written.joined(separator: ", ") + ".")
            return 0
        } catch {
            printError("Could not write the chapters' figures: \(error)")
            return 1
        }
    }

    /// `--rebase-pages N|all`: the catalogue pages mended after their base changed.
    static func rebasePages(_ chapters: [Chapter], workbook: Workbook) async -> Int32 {
        var failed = 0
        for chapter in chapters {
            let outcomes = await PageRebase(workbook: workbook, chapter: chapter).run()
            let rebased = outcomes.filter(\.outcome.rebased).map(\.name)
            let applying = outcomes.count { $0.outcome == .applies }
            print(
                "Chapter \(chapter.number): \(outcomes.count) pages, \(applying) apply as they are, "
                    + "\(rebased.count) rebased\(rebased.isEmpty ? "" : " (" + rebased.joined(separator: ", ") + ")").")
            for (name, outcome) in outcomes {
                if case .failed(let why) = outcome {
                    failed += 1
                    print("  ✘ \(name): \(why)")
                }
                if case .rebasedOverLearnersLines(let files) = outcome {
                    print(
                        "  ! \(name): the base changed lines this case changes too, in \(files.joined(separator: ", ")); "
                            + "the case's lines were kept: look at its diff")
                }
            }
        }
        if failed > 0 {
            print("\(failed) page(s) could not be rebased: mend each by hand, then run this again.")
            return 1
        }
        print("Every page applies. Check the rebased ones with git diff, then ./Scripts/format.")
        return 0
    }

    /// What the arguments ask for: a verification's options, or one of the commands that go alone.
    struct Arguments {
        /// How many arguments were given (for the options that go alone).
        var count: Int
        var options = Verifier.Options()
        var runsGiven = false
        var noColor = false
        var refreshTestHashes = false
        var rebasePages: [Chapter]?
        var writeIndex: [Chapter]?
        var writeFigures = false
    }

    /// Verify's options, the one place they are parsed, described and checked together. Without a
    /// workbook (for `--help`), chapter numbers are not checked.
    static func table(for workbook: Workbook?) -> OptionTable<Arguments> {
        typealias Option = OptionTable<Arguments>.Option
        typealias Rule = OptionTable<Arguments>.Rule
        func chapter(_ option: String, _ value: String?) throws -> Int {
            guard let number = value.flatMap(Int.init), workbook?.chapter(number) != nil || workbook == nil else {
                throw OptionError("\(option) takes the number of a chapter that exists")
            }
            return number
        }
        /// `N`, `all`, or (when `list`) `1,5,8`.
        func chapters(_ option: String, _ value: String?, list: Bool, wanted: String) throws -> [Int] {
            if value == "all" { return workbook?.chapters.map(\.number) ?? [] }
            let parts = (value ?? "").split(separator: ",", omittingEmptySubsequences: false)
            guard list || parts.count == 1 else { throw OptionError("\(option) takes \(wanted)") }
            let numbers = parts.compactMap { Int($0) }
            guard !parts.isEmpty, numbers.count == parts.count,
                numbers.allSatisfy({ workbook?.chapter($0) != nil || workbook == nil })
            else { throw OptionError("\(option) takes \(wanted)") }
            return numbers
        }
        let checks = Verifier.checks(options: Verifier.Options())
        let skips = Verifier.SkipOption.allCases.map { skip in
            Option(
                skip.rawValue,
                help: ["leave out: " + (checks.first { $0.skippedBy == skip }?.title ?? "")]
                    + (skip == Verifier.SkipOption.allCases.last
                        ? ["(a check left out makes it not a full verification)"] : [])
            ) { arguments, _ in arguments.options.leftOut.insert(skip) }
        }
        let options: [Option] =
            [
                Option("--chapter", value: "N", help: ["check only chapter N's tests (everything still builds)"]) {
                    $0.options.chapter = try chapter("--chapter", $1)
                },
                Option(
                    "--runs", value: "K",
                    help: [
                        "test runs against solutions and starters (default 3); with",
                        "--catalogue, runs of each case (default 2, 5 if timing matters)",
                    ]
                ) { arguments, value in
                    guard let runs = value.flatMap(Int.init), runs >= 1 else {
                        throw OptionError("--runs takes a number, 1 or more")
                    }
                    arguments.options.runs = runs
                    arguments.runsGiven = true
                },
            ] + skips + [
                Option(
                    "--catalogue", value: "N|all",
                    help: ["check chapter N's catalogue (or 1,5,8, or every chapter's) and", "nothing else"]
                ) {
                    $0.options.catalogueChapters = try chapters(
                        "--catalogue", $1, list: true, wanted: "chapter numbers that exist, such as 5 or 1,5,8, or all")
                },
                Option("--case", value: "NAME", help: ["with --catalogue N: only the case NAME of that catalogue"]) {
                    $0.options.catalogueCase = $1
                },
                Option("--app-world", help: ["with --catalogue N: its other sound designs in the app world"]) {
                    arguments, _ in arguments.options.catalogueWorld = .app
                },
                Option(
                    "--mutants", value: "N|all",
                    help: [
                        "the mutation sweep of chapter N's reference solution (or every",
                        "chapter's), and nothing else: each mutant built and tested, a",
                        "score per chapter, the survivors (slow: seconds a mutant)",
                    ]
                ) {
                    $0.options.mutantChapters = try chapters(
                        "--mutants", $1, list: false, wanted: "the number of a chapter that exists, or all")
                },
                Option("--limit", value: "K", help: ["with --mutants: at most K mutants a chapter, spread evenly"]) {
                    arguments, value in
                    guard let limit = value.flatMap(Int.init), limit >= 1 else {
                        throw OptionError("--limit takes a number, 1 or more")
                    }
                    arguments.options.mutantLimit = limit
                },
                Option(
                    "--list",
                    help: [
                        "with --mutants: list the mutants (learner's lines or given code,",
                        "operator, change) and build nothing",
                    ]
                ) { arguments, _ in arguments.options.listMutants = true },
                Option(
                    "--write-ledger",
                    help: [
                        "with --mutants: write Solutions/ChapterN-…/MUTANTS.md anew, keeping",
                        "the reasons given for survivors that are still there",
                    ]
                ) { arguments, _ in arguments.options.writeLedger = true },
                Option(
                    "--markdown",
                    help: [
                        "build starters and solutions, compile the code in the Markdown",
                        "(with --chapter N: that chapter's), and nothing else",
                    ]
                ) { arguments, _ in arguments.options.markdownOnly = true },
                Option("--no-color", help: ["no colours"]) { arguments, _ in arguments.noColor = true },
                Option("--help", "-h", help: ["this text"]) { _, _ in },
                Option(
                    "--refresh-test-hashes",
                    help: [
                        "(alone) write Tests/SHA256SUMS anew from the tests in your working",
                        "copy (after changing a test on purpose), and check nothing",
                    ]
                ) { arguments, _ in arguments.refreshTestHashes = true },
                Option(
                    "--write-index", value: "N|all",
                    help: [
                        "(alone) write chapter N's catalogue index (Catalogue/README.md) from",
                        "its pages, the home of each case's summary and of what catches it",
                    ]
                ) {
                    let numbers = try chapters(
                        "--write-index", $1, list: false, wanted: "the number of a chapter that exists, or all")
                    $0.writeIndex = workbook?.chapters.filter { numbers.contains($0.number) } ?? []
                },
                Option(
                    "--write-figures",
                    help: [
                        "(alone) write each chapter's steps and tests, as its lesson and test",
                        "files give them, into its teacher's notes and the class guide; the",
                        "solution's copy of each given file (a starter file without a TODO);",
                        "and the Classroom workflow's graded steps (one a chapter)",
                    ]
                ) { arguments, _ in arguments.writeFigures = true },
                Option(
                    "--rebase-pages", value: "N|all",
                    help: [
                        "(alone) after a change to chapter N's solution or starter: carry each",
                        "catalogue page whose diff no longer applies onto the new base (a",
                        "three-way merge), and name the pages that need mending by hand",
                    ]
                ) {
                    let numbers = try chapters(
                        "--rebase-pages", $1, list: false, wanted: "the number of a chapter that exists, or all")
                    $0.rebasePages = workbook?.chapters.filter { numbers.contains($0.number) } ?? []
                },
            ]
        let rules: [Rule] = [
            Rule("--refresh-test-hashes goes alone: ./Scripts/verify --refresh-test-hashes") {
                !$0.refreshTestHashes || $0.count == 1
            },
            Rule("--rebase-pages goes alone: ./Scripts/verify --rebase-pages 1") {
                $0.rebasePages == nil || $0.count == 2
            },
            Rule("--write-index goes alone: ./Scripts/verify --write-index 1") {
                $0.writeIndex == nil || $0.count == 2
            },
            Rule("--write-figures goes alone: ./Scripts/verify --write-figures") {
                !$0.writeFigures || $0.count == 1
            },
            Rule("--app-world goes with --catalogue N: ./Scripts/verify --catalogue 5 --app-world") {
                $0.options.catalogueWorld != .app || $0.options.catalogueChapters != nil
            },
            Rule("--case goes with --catalogue N: ./Scripts/verify --catalogue 5 --case NAME") {
                $0.options.catalogueCase == nil || $0.options.catalogueChapters?.count == 1
            },
            Rule("--limit, --list and --write-ledger go with --mutants N: ./Scripts/verify --mutants 1 --write-ledger")
            {
                $0.options.mutantChapters != nil
                    || ($0.options.mutantLimit == nil && !$0.options.writeLedger && !$0.options.listMutants)
            },
            Rule("--markdown goes alone, or with --chapter N: ./Scripts/verify --markdown --chapter 7") {
                !$0.options.markdownOnly
                    || ($0.options.catalogueChapters == nil && $0.options.mutantChapters == nil)
            },
            Rule("--list builds nothing, so it writes no ledger: leave out one of them") {
                !($0.options.listMutants && $0.options.writeLedger)
            },
            Rule("--write-ledger needs every mutant: leave out --limit") {
                !($0.options.mutantLimit != nil && $0.options.writeLedger)
            },
        ]
        return OptionTable(options, rules: rules)
    }
}
