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
        let skips = Verifier.SkipOption.allCases.compactMap { option in
            checks.first { $0.skippedBy == option }.map { "  \(option.rawValue.padded(to: 18)) leave out: \($0.title)" }
        }
        return """
            usage: ./Scripts/verify [options]

            Proves the workbook is sound, on a copy in .build-verify/ (your working copy is only
            read; if Chapters/ has local changes, the committed starters are checked). Its checks,
            in order (a check whose program is missing here says so and does not fail):

            \(list.joined(separator: "\n"))

            options:
              --chapter N        check only chapter N's tests (everything still builds)
              --runs K           test runs against solutions and starters (default 3); with
                                 --catalogue, runs of each case (default 2, 5 if timing matters)
            \(skips.joined(separator: "\n"))
                                 (a check left out makes it not a full verification)
              --catalogue N|all  check chapter N's catalogue (or 1,5,8, or every chapter's) and
                                 nothing else
              --case NAME        with --catalogue N: only the case NAME of that catalogue
              --app-world        with --catalogue N: its other sound designs in the app world
              --mutants N|all    the mutation sweep of chapter N's reference solution (or every
                                 chapter's), and nothing else: each mutant built and tested, a
                                 score per chapter, the survivors (slow: seconds a mutant)
              --limit K          with --mutants: at most K mutants a chapter, spread evenly
              --write-ledger     with --mutants: write Solutions/ChapterN-…/MUTANTS.md anew, keeping
                                 the reasons given for survivors that are still there
              --markdown         build starters and solutions, compile the code in the Markdown
                                 (with --chapter N: that chapter's), and nothing else
              --no-color         no colours
              --help             this text

              --refresh-test-hashes   write Tests/SHA256SUMS anew from the tests in your working
                                      copy (after changing a test on purpose), and check nothing

              --rebase-pages N|all    after a change to chapter N's solution or starter: carry each
                                      catalogue page whose diff no longer applies onto the new base (a
                                      three-way merge), and name the pages that need mending by hand

            Exit status 0 only when every check passed and none was left out.
            """
    }

    public static func main(_ arguments: [String], workbook: Workbook) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        if arguments.first == "--rebase-pages" {
            return await rebasePages(arguments.dropFirst(), workbook: workbook)
        }
        if arguments == ["--refresh-test-hashes"] {
            do {
                let count = try TestHashes.write(in: workbook)
                print("Wrote \(TestHashes.listPath): the hashes of \(count) test files. Commit it with the tests.")
                return 0
            } catch {
                printError("Could not write \(TestHashes.listPath): \(error)")
                return 1
            }
        }
        var options = Verifier.Options()
        var style = Style.detect()
        var rest = arguments[...]
        var runsGiven = false
        /// The chapter number after `option`, or `nil` (and the reason printed).
        func chapter(after option: String) -> Int? {
            guard let number = rest.popFirst().flatMap(Int.init), workbook.chapter(number) != nil else {
                printError("\(option) takes the number of a chapter that exists")
                return nil
            }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--chapter":
                guard let number = chapter(after: argument) else { return 2 }
                options.chapter = number
            case "--runs":
                guard let runs = rest.popFirst().flatMap(Int.init), runs >= 1 else {
                    printError("--runs takes a number, 1 or more")
                    return 2
                }
                options.runs = runs
                runsGiven = true
            case let flag where Verifier.SkipOption(rawValue: flag) != nil:
                options.leftOut.insert(Verifier.SkipOption(rawValue: flag)!)
            case "--catalogue":
                if rest.first == "all" {
                    rest.removeFirst()
                    options.catalogueChapters = workbook.chapters.map(\.number)
                } else if let list = rest.first, list.contains(",") {
                    rest.removeFirst()
                    let numbers = list.split(separator: ",").compactMap { Int($0) }
                    guard numbers.count == list.split(separator: ",").count,
                        numbers.allSatisfy({ workbook.chapter($0) != nil })
                    else {
                        printError("--catalogue takes chapter numbers that exist, such as 5 or 1,5,8, or all")
                        return 2
                    }
                    options.catalogueChapters = numbers
                } else {
                    guard let number = chapter(after: argument) else { return 2 }
                    options.catalogueChapters = [number]
                }
            case "--case":
                guard let name = rest.popFirst(), !name.hasPrefix("-") else {
                    printError("--case takes the name of a case (its folder in the chapter's Catalogue/)")
                    return 2
                }
                options.catalogueCase = name
            case "--app-world": options.catalogueWorld = .app
            case "--mutants":
                if rest.first == "all" {
                    rest.removeFirst()
                    options.mutantChapters = workbook.chapters.map(\.number)
                } else {
                    guard let number = chapter(after: argument) else { return 2 }
                    options.mutantChapters = [number]
                }
            case "--limit":
                guard let limit = rest.popFirst().flatMap(Int.init), limit >= 1 else {
                    printError("--limit takes a number, 1 or more")
                    return 2
                }
                options.mutantLimit = limit
            case "--write-ledger": options.writeLedger = true
            case "--markdown": options.markdownOnly = true
            case "--no-color": style.colors = false
            case "--refresh-test-hashes":
                printError("--refresh-test-hashes goes alone: ./Scripts/verify --refresh-test-hashes")
                return 2
            default:
                printError("unknown argument: \(argument)\n\n\(usage)")
                return 2
            }
        }

        if runsGiven && options.catalogueChapters != nil { options.catalogueRuns = options.runs }
        if options.catalogueWorld == .app && options.catalogueChapters == nil {
            printError("--app-world goes with --catalogue N: ./Scripts/verify --catalogue 5 --app-world")
            return 2
        }
        if options.catalogueCase != nil && options.catalogueChapters?.count != 1 {
            printError("--case goes with --catalogue N: ./Scripts/verify --catalogue 5 --case NAME")
            return 2
        }
        if options.mutantChapters == nil && (options.mutantLimit != nil || options.writeLedger) {
            printError("--limit and --write-ledger go with --mutants N: ./Scripts/verify --mutants 1 --write-ledger")
            return 2
        }
        if options.markdownOnly && (options.catalogueChapters != nil || options.mutantChapters != nil) {
            printError("--markdown goes alone, or with --chapter N: ./Scripts/verify --markdown --chapter 7")
            return 2
        }
        if options.mutantLimit != nil && options.writeLedger {
            printError("--write-ledger needs every mutant: leave out --limit")
            return 2
        }
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

    /// `--rebase-pages N|all`: the catalogue pages mended after their base changed.
    static func rebasePages(_ arguments: ArraySlice<String>, workbook: Workbook) async -> Int32 {
        let chapters: [Chapter]
        if arguments.count == 1, arguments.first == "all" {
            chapters = workbook.chapters
        } else if arguments.count == 1, let number = arguments.first.flatMap(Int.init),
            let chapter = workbook.chapter(number)
        {
            chapters = [chapter]
        } else {
            printError("--rebase-pages takes the number of a chapter that exists, or all, and goes alone")
            return 2
        }
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
}
