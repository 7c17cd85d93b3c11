import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookVerify

/// A workflow of GitHub Classroom's shape for `chapters`, with `edit` applied to each line.
func classroomWorkflow(chapters: [Int], command: (Int) -> String = { "./Scripts/progress --check \($0)" }) -> String {
    var text = """
        name: Autograding Tests
        'on':
          - push
        jobs:
          run-autograding-tests:
            runs-on: ubuntu-latest  # a comment
            steps:
              - name: Checkout code
                uses: actions/checkout@v4

        """
    for chapter in chapters {
        text += """
                  - name: Chapter \(chapter)
                    id: chapter-\(chapter)
                    uses: classroom-resources/autograding-command-grader@v1
                    with:
                      test-name: 'Chapter \(chapter) · it''s graded'
                      setup-command: ''
                      command: \(command(chapter))
                      timeout: 0.5
                      max-score: 1

            """
    }
    text += """
              - name: Autograding Reporter
                uses: classroom-resources/autograding-grading-reporter@v1
                env:

        """
    for chapter in chapters {
        text += "          CHAPTER-\(chapter)_RESULTS: \"${{steps.chapter-\(chapter).outputs.result}}\"\n"
    }
    text += """
                with:
                  runners: \(chapters.map { "chapter-\($0)" }.joined(separator: ","))

        """
    return text
}

@Suite("The GitHub Classroom configuration")
struct ClassroomConfigTests {
    @Test(
        "The committed workflow grades every chapter with ./Scripts/progress --check N, as Classroom's reporter needs")
    func committed() throws {
        let text = try String(
            contentsOf: workbookRoot.appendingPathComponent(ClassroomConfig.path), encoding: .utf8)
        let config = try ClassroomConfig(yaml: text)
        let chapters = try Workbook(root: workbookRoot).chapters.map(\.number)
        #expect(config.problems(chapters: chapters) == [])
        #expect(config.tests.map(\.command) == chapters.map { "./Scripts/progress --check \($0)" })
        #expect(config.tests.allSatisfy { $0.maxScore == 1 && $0.timeout >= 10 && $0.setupCommand.isEmpty })
    }

    @Test(
        "--write-figures writes the derived copies: the workflow, and a given file's solution twin from the starter's")
    func writtenCopies() throws {
        try withTemporaryFolderSync { root in
            let workbook = try StandInWorkbook.make(in: root)
            try writeFile("// TODO: solve it\n", at: "Chapters/Chapter1-One/One.swift", under: root)
            try writeFile("// given\n", at: "Chapters/Chapter1-One/Given.swift", under: root)
            try writeFile("// drifted\n", at: "Solutions/Chapter1-One/Given.swift", under: root)
            let check = ChapterContentCheck(workbook: workbook)
            #expect(try check.problems().contains { $0.contains("Given.swift has no `// TODO:`") })
            // Nor does its lesson name it: the learner cannot tell it is given.
            #expect(try check.problems().contains { $0.contains("does not name Given.swift before its background") })
            let written = try check.writeFigures()
            #expect(written.contains("Solutions/Chapter1-One/Given.swift") && written.contains(ClassroomConfig.path))
            let copy = try String(
                contentsOf: root.appendingPathComponent("Solutions/Chapter1-One/Given.swift"), encoding: .utf8)
            #expect(copy == "// given\n")
            // The files with a TODO are the learner's, and stay as they are.
            let solved = try String(
                contentsOf: root.appendingPathComponent("Solutions/Chapter1-One/One.swift"), encoding: .utf8)
            #expect(solved == "// solved\n")
            #expect(
                try !check.problems().contains {
                    $0.contains("so it is given code") || $0.contains(ClassroomConfig.path)
                })
        }
    }

    @Test("The workflow is made from the chapters: what it makes reads back as a sound workflow, named by the lessons")
    func made() throws {
        let chapters = [
            Chapter(number: 1, title: "One thing", folder: "Chapter1-One"),
            Chapter(number: 2, title: "Two things: 'quoted'", folder: "Chapter2-Two"),
        ]
        let config = try ClassroomConfig(yaml: ClassroomConfig.workflow(for: chapters))
        #expect(config.problems(chapters: [1, 2]) == [])
        #expect(config.tests.map(\.name) == ["Chapter 1 · One thing", "Chapter 2 · Two things: 'quoted'"])
        #expect(config.tests.map(\.command) == ["./Scripts/progress --check 1", "./Scripts/progress --check 2"])
        #expect(config.problems(chapters: [1, 2, 3]).contains { $0.contains("Chapter 3 has no graded test") })
    }

    @Test("Values are read as YAML has them: quotes, doubled quotes, comments")
    func values() throws {
        let config = try ClassroomConfig(yaml: classroomWorkflow(chapters: [1, 2]))
        #expect(config.workflowName == "Autograding Tests" && config.jobNames == ["run-autograding-tests"])
        #expect(config.tests.map(\.name) == ["Chapter 1 · it's graded", "Chapter 2 · it's graded"])
        #expect(config.tests.first?.timeout == 0.5)
        #expect(config.reportedRunners == ["chapter-1", "chapter-2"])
        #expect(config.reportedResults["CHAPTER-2_RESULTS"] == "${{steps.chapter-2.outputs.result}}")
        #expect(config.problems(chapters: [1, 2]) == [])
    }

    @Test("A configuration Classroom would miscount is named with its fault")
    func faults() throws {
        let missing = try ClassroomConfig(yaml: classroomWorkflow(chapters: [1, 2]))
        #expect(
            missing.problems(chapters: [1, 2, 3]) == ["Chapter 3 has no graded test (`./Scripts/progress --check 3`)"])
        let other = try ClassroomConfig(yaml: classroomWorkflow(chapters: [1]) { _ in "swift test" })
        #expect(other.problems(chapters: [1]).contains { $0.contains("checks no chapter") })
        let unreported = try ClassroomConfig(
            yaml: classroomWorkflow(chapters: [1, 2]).replacingOccurrences(
                of: "runners: chapter-1,chapter-2", with: "runners: chapter-1"))
        #expect(unreported.problems(chapters: [1, 2]).contains { $0.contains("reporter's runners") })
        let renamed = try ClassroomConfig(
            yaml: classroomWorkflow(chapters: [1]).replacingOccurrences(
                of: "name: Autograding Tests", with: "name: Grading"))
        #expect(renamed.problems(chapters: [1]).contains { $0.contains("Autograding Tests") })
        #expect(throws: CommandError.self) {
            try ClassroomConfig(
                yaml: classroomWorkflow(chapters: [1]).replacingOccurrences(
                    of: "command: ./Scripts/progress --check 1", with: "command: |"))
        }
    }
}

/// A workbook with two chapters and a stand-in for `./Scripts/progress --check N`: a chapter is
/// done when its files say "solved" and none says "starter" or "mistake".
enum StandInWorkbook {
    static let progress = """
        #!/usr/bin/env bash
        # Stand-in for the runner's --check.
        if [ "$1" = "--help" ]; then echo "  --check N   exit 0 only when chapter N is done"; exit 0; fi
        [ "$1" = "--check" ] || exit 2
        folder=$(ls -d Chapters/Chapter"$2"-*)
        grep -rqs solved "$folder" && ! grep -rqs -e starter -e mistake "$folder"

        """

    static func make(in root: URL, progress: String = progress) throws -> Workbook {
        func write(_ path: String, _ text: String) throws { try writeFile(text, at: path, under: root) }
        try write("Package.swift", "// a stand-in\n")
        try write("Chapters/Chapter1-One/One.swift", "// starter\n")
        try write("Chapters/Chapter1-One/README.md", "# Chapter 1 · One\n")
        try write("Chapters/Chapter2-Two/Two.swift", "// starter\n")
        try write("Chapters/Chapter2-Two/TestDoubles/Fake.swift", "// starter\n")
        try write("Solutions/Chapter1-One/One.swift", "// solved\n")
        try write("Solutions/Chapter1-One/SOLUTION.md", "starter, as a word in prose\n")
        try write("Solutions/Chapter2-Two/Two.swift", "// solved\n")
        try write("Solutions/Chapter2-Two/TestDoubles/Fake.swift", "// solved\n")
        try write("Solutions/Chapter2-Two/Catalogue/a-mistake/Two.swift", "// mistake\n")
        try write(ClassroomConfig.path, classroomWorkflow(chapters: [1, 2]))
        try write("Scripts/progress", progress)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: root.appendingPathComponent("Scripts/progress").path)
        return try Workbook(root: root)
    }
}

@Suite("GitHub Classroom's commands, run by the verifier")
struct ClassroomCheckTests {
    func check(_ root: URL, workbook: Workbook) -> ClassroomCheck {
        ClassroomCheck(
            mirror: workbook, copy: root.appendingPathComponent("copy"), runnerTool: nil,
            environment: ProcessInfo.processInfo.environment)
    }

    @Test("Each graded command fails on the starters and passes with the solutions laid over them")
    func sound() async throws {
        try await withTemporaryFolder("classroom") { folder in
            let workbook = try StandInWorkbook.make(in: folder.appendingPathComponent("mirror"))
            let outcome = try await check(folder, workbook: workbook).run()
            #expect(outcome.problems == [] && outcome.unavailable == nil)
            #expect(outcome.timings.count == 2)
            let copy = folder.appendingPathComponent("copy/Chapters/Chapter2-Two")
            #expect(
                try String(contentsOf: copy.appendingPathComponent("TestDoubles/Fake.swift"), encoding: .utf8)
                    == "// solved\n")
            #expect(!FileManager.default.fileExists(atPath: copy.appendingPathComponent("Catalogue").path))
            #expect(!FileManager.default.fileExists(atPath: copy.appendingPathComponent("SOLUTION.md").path))
            // The next run puts the starters back first: they fail again.
            #expect(try await check(folder, workbook: workbook).run().problems == [])
        }
    }

    @Test("A solution that fails its chapter, and a starter that passes, are each named")
    func unsound() async throws {
        try await withTemporaryFolder("classroom") { folder in
            let root = folder.appendingPathComponent("mirror")
            let workbook = try StandInWorkbook.make(in: root)
            try "// starter\n".write(
                to: root.appendingPathComponent("Solutions/Chapter2-Two/TestDoubles/Fake.swift"), atomically: true,
                encoding: .utf8)
            try "// solved\n".write(
                to: root.appendingPathComponent("Chapters/Chapter1-One/One.swift"), atomically: true, encoding: .utf8)
            let problems = try await check(folder, workbook: workbook).run().problems
            #expect(problems.count == 2)
            #expect(
                problems.contains {
                    $0.hasPrefix(
                        "Chapter 1 · it's graded: `./Scripts/progress --check 1` passed on the untouched starters")
                })
            #expect(
                problems.contains {
                    $0.hasPrefix(
                        "Chapter 2 · it's graded: `./Scripts/progress --check 2` exited with status 1 on the solutions")
                })
        }
    }

    @Test("A command that never ends is stopped at the configuration's timeout")
    func timeout() async throws {
        try await withTemporaryFolder("classroom") { folder in
            let hanging = StandInWorkbook.progress.replacingOccurrences(
                of: "[ \"$1\" = \"--check\" ] || exit 2", with: "[ \"$1\" = \"--check\" ] || exit 2\nexec sleep 600")
            let workbook = try StandInWorkbook.make(in: folder.appendingPathComponent("mirror"), progress: hanging)
            var config = try ClassroomConfig(yaml: classroomWorkflow(chapters: [1]))
            config.tests[0].timeout = 0.02  // 1.2 s
            let check = check(folder, workbook: workbook)
            _ = try await WorkbookCopy(of: workbook.root, at: check.copy).sync()
            let clock = ContinuousClock()
            let start = clock.now
            let result = try await check.run(config.tests[0])
            #expect(result.ending == .timedOut)
            #expect(clock.now - start < .seconds(10))
        }
    }

    @Test("A runner without --check fails the check: every graded command needs it")
    func noCheck() async throws {
        try await withTemporaryFolder("classroom") { folder in
            let old = "#!/usr/bin/env bash\necho 'usage: ./Scripts/progress [N]'\nexit 2\n"
            let workbook = try StandInWorkbook.make(in: folder.appendingPathComponent("mirror"), progress: old)
            let outcome = try await check(folder, workbook: workbook).run()
            #expect(outcome.problems.contains { $0.contains("--check") })
            #expect(outcome.unavailable == nil)
        }
    }
}
