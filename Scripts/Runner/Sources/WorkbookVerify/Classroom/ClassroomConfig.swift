import Foundation
import WorkbookCore

/// The GitHub Classroom autograding workflow (`.github/workflows/classroom.yml`), as far as the
/// verifier needs it: the graded tests (steps that use `classroom-resources/autograding-command-grader`)
/// and the reporter that sums them up.
///
/// It reads the block style GitHub Classroom itself writes: a `steps:` list whose items are maps of
/// one-line values, with `with:` and `env:` maps below them. Quoted values ('…', "…") are unquoted.
/// Anything else (a value written as a block `|`) is reported, not guessed at.
public struct ClassroomConfig: Sendable, Equatable {
    /// One graded test: a command whose exit status 0 earns `maxScore` points.
    public struct GradedTest: Sendable, Equatable {
        /// The step's `id`, which the reporter names.
        public var id: String
        public var name: String
        public var setupCommand: String
        public var command: String
        /// Minutes, as the grader reads them.
        public var timeout: Double
        public var maxScore: Int
    }

    public var tests: [GradedTest]
    /// The reporter's `runners` list.
    public var reportedRunners: [String]
    /// The reporter's `env` names (`CHAPTER-1_RESULTS`).
    public var reportedResults: [String: String]
    public var workflowName: String?
    public var jobNames: [String]

    public static let path = ".github/workflows/classroom.yml"
    static let grader = "classroom-resources/autograding-command-grader@"
    static let reporter = "classroom-resources/autograding-grading-reporter@"

    /// Reads the workflow's text; throws ``CommandError`` naming the line it cannot read.
    public init(yaml: String) throws {
        var tests: [GradedTest] = []
        var runners: [String] = []
        var results: [String: String] = [:]
        var workflowName: String?
        var jobNames: [String] = []

        /// The steps, each as its lines' key paths: "uses", "with.command", "env.X_RESULTS".
        var steps: [[String: String]] = []
        var stepsIndent: Int?
        var itemColumn = 0
        var section: String?
        var inJobs = false
        for (index, raw) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = Self.withoutComment(String(raw))
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let indent = line.prefix { $0 == " " }.count
            var body = Substring(line.dropFirst(indent))
            if indent == 0 {
                stepsIndent = nil
                inJobs = body.hasPrefix("jobs:")
                if body.hasPrefix("name:") { workflowName = try Self.value(String(body.dropFirst(5)), line: index + 1) }
                continue
            }
            if inJobs, indent == 2, body.hasSuffix(":") { jobNames.append(String(body.dropLast())) }
            if body == "steps:" {
                stepsIndent = indent
                continue
            }
            guard let level = stepsIndent else { continue }
            if indent < level || (indent == level && !body.hasPrefix("- ")) {
                stepsIndent = nil
                continue
            }
            var column = indent
            if body.hasPrefix("- ") {
                steps.append([:])
                itemColumn = indent + 2
                column = itemColumn
                section = nil
                body = body.dropFirst(2)
            }
            guard !steps.isEmpty, let colon = body.firstIndex(of: ":") else {
                throw CommandError("\(Self.path):\(index + 1): cannot read `\(body)`")
            }
            let key = body[..<colon].trimmingCharacters(in: .whitespaces)
            let rest = String(body[body.index(after: colon)...])
            if column == itemColumn {
                if rest.trimmingCharacters(in: .whitespaces).isEmpty {
                    section = key
                } else {
                    section = nil
                    steps[steps.count - 1][key] = try Self.value(rest, line: index + 1)
                }
            } else if column > itemColumn, let section {
                steps[steps.count - 1]["\(section).\(key)"] = try Self.value(rest, line: index + 1)
            }
        }

        for step in steps {
            let uses = step["uses"] ?? ""
            if uses.hasPrefix(Self.grader) {
                guard let id = step["id"], let command = step["with.command"] else {
                    throw CommandError("\(Self.path): a grader step needs an id and with.command: \(step)")
                }
                tests.append(
                    GradedTest(
                        id: id, name: step["with.test-name"] ?? "", setupCommand: step["with.setup-command"] ?? "",
                        command: command, timeout: Double(step["with.timeout"] ?? "") ?? 10,
                        maxScore: Int(step["with.max-score"] ?? "") ?? 0))
            } else if uses.hasPrefix(Self.reporter) {
                runners += (step["with.runners"] ?? "").split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                for (key, value) in step where key.hasPrefix("env.") { results[String(key.dropFirst(4))] = value }
            }
        }
        self.tests = tests
        reportedRunners = runners
        reportedResults = results
        self.workflowName = workflowName
        self.jobNames = jobNames
    }

    /// The whole workflow for `chapters`: one graded step a chapter, named by its lesson's title,
    /// and the reporter that sums them up. `./Scripts/verify --write-figures` writes it, and the
    /// content check compares the file with it, so the chapters are written down once.
    public static func workflow(for chapters: [Chapter]) -> String {
        var text = #"""
            # GitHub Classroom autograding: each chapter is one graded test, worth one point, passed when
            # `./Scripts/progress --check N` exits 0 (chapter N is done: its tests pass, and its race check).
            #
            # Classroom's reporter reads this workflow by its name and its job's name, so keep both. It runs in
            # students' copies only: in the course's own repository (a template repository, which Classroom
            # needs anyway) every chapter is unsolved, so it would fail on every push.
            # ./Scripts/verify runs these very commands, read from this file, on the starters (each must fail)
            # and on the solutions (each must pass). Solutions/TEACHING.md explains how to use it.
            #
            # Written from the chapters' lessons by ./Scripts/verify --write-figures, which verify checks: to
            # change it, change `ClassroomConfig.workflow` in Scripts/Runner and run that command.
            name: Autograding Tests
            'on':
              - push
              - workflow_dispatch
              - repository_dispatch
            permissions:
              checks: write
              actions: read
              contents: read
            jobs:
              run-autograding-tests:
                runs-on: ubuntu-latest
                if: github.actor != 'github-classroom[bot]' && github.event.repository.is_template != true
                # The official Swift image; its Swift is the one the graded commands find on the PATH.
                container: swift:6.3-bookworm
                timeout-minutes: 60
                steps:
                  - name: Checkout code
                    uses: actions/checkout@v4

            """#
        for chapter in chapters {
            // Single-quoted: a title may hold `: ` or start with a quote, which YAML reads otherwise.
            let name = "'" + "Chapter \(chapter.number) · \(chapter.title)".replacing("'", with: "''") + "'"
            text += """
                      - name: \(name)
                        id: chapter-\(chapter.number)
                        uses: \(grader)v1
                        with:
                          test-name: \(name)
                          setup-command: ''
                          command: ./Scripts/progress --check \(chapter.number)
                          timeout: 20
                          max-score: 1

                """
        }
        text += """
                  - name: Autograding Reporter
                    uses: \(reporter)v1
                    env:

            """
        for chapter in chapters {
            text +=
                "          CHAPTER-\(chapter.number)_RESULTS: \"${{steps.chapter-\(chapter.number).outputs.result}}\"\n"
        }
        text += """
                    with:
                      runners: \(chapters.map { "chapter-\($0.number)" }.joined(separator: ","))

            """
        return text
    }

    /// What would make GitHub Classroom miscount: the rules of its reporter, and one graded test
    /// per chapter of the workbook, each `./Scripts/progress --check N`.
    public func problems(chapters: [Int]) -> [String] {
        var problems: [String] = []
        if workflowName != "Autograding Tests" {
            problems.append("the workflow must be named `Autograding Tests` for Classroom to read its scores")
        }
        if jobNames != ["run-autograding-tests"] {
            problems.append("the workflow must have one job, `run-autograding-tests` (it has \(jobNames))")
        }
        if tests.isEmpty { problems.append("no step uses \(Self.grader)…") }
        let ids = tests.map(\.id)
        if Set(ids).count != ids.count { problems.append("two graded steps share an id") }
        if reportedRunners != ids {
            problems.append(
                "the reporter's runners (\(reportedRunners.joined(separator: ","))) are not the graded steps (\(ids.joined(separator: ",")))"
            )
        }
        for test in tests {
            let name = "\(test.id.uppercased())_RESULTS"
            if reportedResults[name] != "${{steps.\(test.id).outputs.result}}" {
                problems.append("the reporter needs env \(name): \"${{steps.\(test.id).outputs.result}}\"")
            }
            if test.maxScore <= 0 { problems.append("\(test.id) earns no points (max-score)") }
        }
        let graded = tests.compactMap(\.chapter)
        for chapter in chapters where !graded.contains(chapter) {
            problems.append("Chapter \(chapter) has no graded test (`./Scripts/progress --check \(chapter)`)")
        }
        for test in tests where test.chapter.map({ !chapters.contains($0) }) ?? true {
            problems.append("\(test.id) runs `\(test.command)`, which checks no chapter of the workbook")
        }
        if Set(graded).count != graded.count { problems.append("a chapter is graded twice") }
        return problems
    }

    // MARK: - Reading values

    /// A line without its `# comment` (a `#` outside quotes, after a space or at the start).
    static func withoutComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for (offset, character) in line.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#" && previous == " " {
                return String(line.prefix(offset))
            }
            previous = character
        }
        return line
    }

    /// A one-line scalar: plain, '…' (with '' for a quote) or "…" (with \" and \\).
    static func value(_ text: String, line: Int) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("|") || trimmed.hasPrefix(">") {
            throw CommandError("\(path):\(line): write the value on one line; the verifier reads no block scalars")
        }
        if trimmed.count >= 2, trimmed.hasPrefix("'"), trimmed.hasSuffix("'") {
            return String(trimmed.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
        }
        if trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") {
            return String(trimmed.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
                .replacingOccurrences(of: "\\\\", with: "\\")
        }
        return trimmed
    }
}

extension ClassroomConfig.GradedTest {
    /// N in `./Scripts/progress --check N`, the only command a chapter is graded with.
    public var chapter: Int? {
        let words = command.split(separator: " ")
        guard words.count == 3, words[0] == "./Scripts/progress", words[1] == "--check" else { return nil }
        return Int(words[2])
    }
}
