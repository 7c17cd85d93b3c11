import Foundation
import WorkbookCore

/// The shape every chapter must have: a lesson that leads with its steps, hints whose last level
/// is the code, a walk-through, teacher's notes, a catalogue, tests numbered by step, starter and
/// solution files that mirror each other, TODOs where the learner works and none in solutions.
struct ChapterContentCheck {
    let workbook: Workbook

    /// The lesson's sections, in this order; `Going further` is the last section.
    static let sections = [
        "## The problem", "## Steps", "## Background", "## How to know you are done", "## Questions to discuss",
        "## Going further",
    ]
    /// The step list must begin within the lesson's first lines, so it is on the learner's first screen.
    static let stepsWithin = 40

    /// What is wrong, in every chapter or in chapter `only`.
    func problems(only: Int? = nil) throws -> [String] {
        var problems: [String] = []
        if workbook.chapters.isEmpty { problems.append("Chapters/ has no chapter folders") }
        if workbook.chapters.count > 9 {
            problems.append("more than nine chapters: `--filter Chapter1` would also select Chapter10")
        }
        let numbers = workbook.chapters.map(\.number)
        if Set(numbers).count != numbers.count { problems.append("two chapter folders share a number") }
        var sizes: [Int: Size] = [:]
        for chapter in workbook.chapters where only == nil || chapter.number == only {
            let (chapterProblems, size) = try self.problems(of: chapter)
            problems += chapterProblems.map { "Chapter \(chapter.number): \($0)" }
            sizes[chapter.number] = size
        }
        if only == nil {
            problems += guideProblems(sizes: sizes)
            if read(ClassroomConfig.path) != ClassroomConfig.workflow(for: workbook.chapters) {
                problems.append(
                    "\(ClassroomConfig.path) is not the one the chapters make: one graded step a chapter, "
                        + "named as its lesson (./Scripts/verify --write-figures writes it)")
            }
        }
        return problems
    }

    /// A chapter's size as its lesson and its test files give it.
    struct Size {
        var steps: Int
        var tests: Int
    }

    /// The teacher guide's figures (`Solutions/TEACHING.md`): each chapter's steps and tests in
    /// "The chapters at a glance", and the total a first run shows (`0/N` overall), as the lessons
    /// and the test files have them today (`sizes`, by chapter number).
    func guideProblems(sizes: [Int: Size]) -> [String] {
        let path = "Solutions/TEACHING.md"
        let guide = read(path)
        guard !guide.isEmpty else { return ["no \(path)"] }
        let lines = guide.split(separator: "\n")
        var problems: [String] = []
        var total = 0
        for (number, size) in sizes.sorted(by: { $0.key < $1.key }) {
            let (steps, tests) = (size.steps, size.tests)
            total += tests
            guard let row = lines.first(where: { Self.isGlanceRow($0, of: number) }),
                let cells = Self.glanceFigures(of: String(row))
            else {
                problems.append("\(path): \"The chapters at a glance\" has no row for chapter \(number)")
                continue
            }
            if cells.steps != String(steps) || cells.tests != String(tests) {
                problems.append(
                    "\(path): chapter \(number) has \(cells.steps) steps and \(cells.tests) tests in \"The chapters "
                        + "at a glance\"; its lesson has \(steps) steps and its test files \(tests) tests "
                        + "(./Scripts/verify --write-figures writes them)")
            }
        }
        let overall = guide.firstMatch(of: /`0\/(\d+)`\s+overall/).map { Int($0.1) }
        if overall != total {
            problems.append(
                "\(path): a first run shows `0/\(total)` overall, and the guide must say so "
                    + "(./Scripts/verify --write-figures writes it)")
        }
        return problems
    }

    /// What is wrong with `chapter`, and its size, which the teacher guide's check needs too.
    func problems(of chapter: Chapter) throws -> (problems: [String], size: Size) {
        var problems: [String] = []
        let root = workbook.root
        let lesson = read(chapter.lesson)
        let stepCount: Int
        if lesson.isEmpty {
            problems.append("no lesson at \(chapter.lesson)")
            stepCount = 0
        } else {
            let (count, lessonProblems) = Self.lessonProblems(lesson, chapter: chapter)
            stepCount = count
            problems += lessonProblems.map { "\(chapter.lesson): \($0)" }
        }

        let hintsText = read(chapter.hints)
        let hintSteps = Self.hintSteps(hintsText)
        if hintSteps.isEmpty {
            problems.append("\(chapter.hints) has no `## Step N` sections of numbered questions")
        } else {
            if hintSteps.map(\.number) != Array(1...max(1, hintSteps.count)) || hintSteps.count != stepCount {
                problems.append(
                    "\(chapter.hints) has hints for steps \(hintSteps.map { String($0.number) }.joined(separator: ", ")); "
                        + "the lesson has \(stepCount) steps, and each needs its hints, in order")
            }
            for step in hintSteps where !step.lastItemHasCode {
                problems.append(
                    "\(chapter.hints), step \(step.number): the last hint must show the code (an indented fenced block)"
                )
            }
        }

        for document in ["SOLUTION.md", "TEACHING.md", "Catalogue/README.md"] {
            let path = "\(chapter.solutionFolder)/\(document)"
            if !FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) {
                problems.append("no \(path)")
            }
        }

        let tests = try Self.swiftFiles(in: root.appendingPathComponent(chapter.testsFolder))
        if tests.isEmpty { problems.append("no tests in \(chapter.testsFolder)") }
        // The teacher's notes open with the chapter's size: "· 4 steps, 9 tests".
        let testCount = tests.values.reduce(0) { $0 + DeclaredTests.count(in: $1) }
        let notes = read("\(chapter.solutionFolder)/TEACHING.md")
        if let size = notes.firstMatch(of: Self.notesFigures), Int(size.1) != stepCount || Int(size.3) != testCount {
            problems.append(
                "\(chapter.solutionFolder)/TEACHING.md says \(size.1) steps and \(size.3) tests; the lesson has "
                    + "\(stepCount) steps and the test files \(testCount) tests (./Scripts/verify --write-figures writes them)"
            )
        }
        for (file, text) in tests.sorted(by: { $0.key < $1.key }) where text.contains("@Test") {
            let name = (file as NSString).lastPathComponent
            guard let step = TestFile.step(ofPath: name) else {
                problems.append(
                    "\(chapter.testsFolder)/\(file) holds tests but its name does not start with the step they check (`2-…`)"
                )
                continue
            }
            if stepCount > 0 && !(1...stepCount).contains(step) {
                problems.append(
                    "\(chapter.testsFolder)/\(file) is numbered for step \(step); the lesson has \(stepCount)")
            }
        }

        let starter = try Self.swiftFiles(in: root.appendingPathComponent(chapter.starterFolder))
        let solution = try Self.swiftFiles(in: root.appendingPathComponent(chapter.solutionFolder))
        for file in Set(starter.keys).symmetricDifference(solution.keys).sorted() {
            let side = starter[file] == nil ? "only in the solution" : "only in the starter"
            problems.append("\(file) is \(side); starter and solution files mirror each other by name")
        }
        if !starter.values.contains(where: { $0.contains("TODO:") }) {
            problems.append("the starter has no `// TODO:` to show the learner where to work")
        }
        for (file, text) in solution where text.contains("TODO") {
            problems.append("\(chapter.solutionFolder)/\(file) still says TODO")
        }
        // A starter file without a `// TODO:` is given code, which the learner has no step to
        // change: the starter's is the one copy, and the solution's twin is written from it.
        for file in Self.givenFiles(starter: starter, solution: solution) where solution[file] != starter[file] {
            problems.append(
                "\(chapter.starterFolder)/\(file) has no `// TODO:`, so it is given code, but the solution's "
                    + "copy differs: ./Scripts/verify --write-figures writes it from the starter's (or mark in the "
                    + "starter what the learner changes)")
        }
        // The lesson says which files the learner edits and which are given, before its background:
        // every starter file is named there, by its file name or its type's.
        let opening = lesson.components(separatedBy: "\n## Background").first ?? ""
        for file in starter.keys.sorted() {
            let name = (file as NSString).lastPathComponent
            let type = (name as NSString).deletingPathExtension
            if !opening.contains("`\(name)`") && !opening.contains("`\(file)`") && !opening.contains("`\(type)`") {
                problems.append(
                    "\(chapter.lesson) does not name \(file) before its background: say whether the learner "
                        + "edits it or leaves it as it is")
            }
        }
        for (file, text) in starter {
            for pattern in ["fatalError(", "try!", "preconditionFailure("] where text.contains(pattern) {
                problems.append("\(chapter.starterFolder)/\(file) uses `\(pattern)`; a starter must never crash")
            }
        }
        return (problems, Size(steps: stepCount, tests: testCount))
    }

    /// The starter's files without a `// TODO:` that have a solution twin: given code, whose one
    /// copy is the starter's.
    static func givenFiles(starter: [String: String], solution: [String: String]) -> [String] {
        starter.filter { !$0.value.contains("TODO") && solution[$0.key] != nil }.keys.sorted()
    }

    private func read(_ path: String) -> String {
        (try? String(contentsOf: workbook.root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    // MARK: - Lessons

    /// How many steps the lesson has, and what is wrong with its shape.
    static func lessonProblems(_ lesson: String, chapter: Chapter) -> (steps: Int, problems: [String]) {
        var problems: [String] = []
        if !lesson.hasPrefix("# Chapter \(chapter.number) · ") {
            problems.append("the lesson must begin with `# Chapter \(chapter.number) · Title`")
        }
        let lines = lesson.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headings = lines.enumerated().filter { $0.element.hasPrefix("## ") }
        for section in sections where !headings.contains(where: { $0.element == section }) {
            problems.append("no `\(section)` section")
        }
        let order = sections.compactMap { section in headings.firstIndex { $0.element == section } }
        if order != order.sorted() {
            problems.append("the sections are not in the order \(sections.joined(separator: ", "))")
        }
        if let last = headings.last?.element, last != "## Going further" {
            problems.append("the lesson should end with `## Going further`, not `\(last)`")
        }

        // The steps: the numbered items at the left margin between `## Steps` and the next `## `.
        guard let start = lines.firstIndex(of: "## Steps") else { return (0, problems) }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
        var numbers: [Int] = []
        var firstItem: Int?
        var inFence = false
        for index in (start + 1)..<end {
            let line = lines[index]
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle() }
            guard !inFence, let dot = line.firstIndex(of: "."), let number = Int(line[..<dot]) else { continue }
            numbers.append(number)
            firstItem = firstItem ?? index + 1
        }
        if numbers.isEmpty {
            problems.append("`## Steps` has no numbered steps")
        } else if numbers != Array(1...numbers.count) {
            problems.append("the steps are numbered \(numbers); they must run 1, 2, 3… (parts may split them)")
        }
        if let firstItem, firstItem > stepsWithin {
            problems.append(
                "the step list begins on line \(firstItem); it must begin within the first \(stepsWithin) lines, "
                    + "so the learner sees the task on the first screen")
        }
        return (numbers.count, problems)
    }

    // MARK: - Hints

    struct HintStep: Equatable {
        var number: Int
        var lastItemHasCode: Bool
    }

    /// The `## Step N` sections of a hints file, as the learner's `--hint` reads them
    /// (``Hints``), and whether each one's last item holds a fenced block (the code, for the
    /// learner still stuck after the questions).
    static func hintSteps(_ text: String) -> [HintStep] {
        Hints(markdown: text).steps.map { step in
            HintStep(number: step.number, lastItemHasCode: step.questions.last.map(Hints.hasCode) ?? false)
        }
    }

    // MARK: - Tests and sources

    /// The Swift files below `folder`, relative path → text, leaving out a solution's catalogue.
    static func swiftFiles(in folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for path in FileTree.paths(in: folder, skipping: ["Catalogue"]) where path.hasSuffix(".swift") {
            files[path] = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        }
        return files
    }
}

// MARK: - Where the figures stand

extension ChapterContentCheck {
    /// The teacher's notes' size line, "· 7 steps in two parts, 29 tests": the steps, the words
    /// after them, the tests. The content check reads it and `--write-figures` writes it.
    nonisolated(unsafe) static let notesFigures = /· (\d+) steps([^,\n]*), (\d+) tests/

    /// Whether `line` is chapter `number`'s row of the guide's "The chapters at a glance".
    static func isGlanceRow(_ line: some StringProtocol, of number: Int) -> Bool {
        line.hasPrefix("| \(number) | [")
    }

    /// A row of "The chapters at a glance", `| 1 | [Title](…) | steps | tests | …`, cut at each `|`:
    /// the empty piece before the first, then the cells as written, spaces included.
    static func glancePieces(of row: String) -> [String] {
        row.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    }

    /// The steps and tests a row of "The chapters at a glance" gives, as written.
    static func glanceFigures(of row: String) -> (steps: String, tests: String)? {
        let pieces = glancePieces(of: row)
        guard pieces.count > 4 else { return nil }
        return (pieces[3].trimmingCharacters(in: .whitespaces), pieces[4].trimmingCharacters(in: .whitespaces))
    }
}

// MARK: - Writing the figures

extension ChapterContentCheck {
    /// `--write-figures`: every chapter's size, as its lesson and its test files give it, written
    /// where a teacher reads it: the opening line of each teacher's notes ("· 4 steps, 13 tests"),
    /// the guide's "The chapters at a glance", and the `0/N` a first run shows; the solution's copy
    /// of each given file (a starter file without a `// TODO:`); and the Classroom workflow, one
    /// graded step a chapter. The content check fails while any of them says something else.
    /// Returns the files it changed.
    func writeFigures() throws -> [String] {
        var sizes: [Int: Size] = [:]
        var written: [String] = []
        for chapter in workbook.chapters {
            let size = try problems(of: chapter).size
            sizes[chapter.number] = size
            let path = "\(chapter.solutionFolder)/TEACHING.md"
            let notes = read(path)
            let updated = notes.replacing(Self.notesFigures, maxReplacements: 1) { match in
                "· \(size.steps) steps\(match.output.2), \(size.tests) tests"
            }
            if updated != notes { try write(updated, to: path, into: &written) }
        }
        let path = "Solutions/TEACHING.md"
        let guide = read(path)
        var lines = guide.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            guard let number = sizes.keys.first(where: { Self.isGlanceRow(line, of: $0) }), let size = sizes[number],
                Self.glanceFigures(of: line) != nil
            else { continue }
            var pieces = Self.glancePieces(of: line)
            (pieces[3], pieces[4]) = (" \(size.steps) ", " \(size.tests) ")
            lines[index] = pieces.joined(separator: "|")
        }
        let total = sizes.values.reduce(0) { $0 + $1.tests }
        let updated = lines.joined(separator: "\n").replacing(/`0\/\d+`(\s+)overall/, maxReplacements: 1) { match in
            "`0/\(total)`\(match.output.1)overall"
        }
        if updated != guide { try write(updated, to: path, into: &written) }
        // Given code: the solution's copy of each starter file without a `// TODO:`.
        for chapter in workbook.chapters {
            let starter = try Self.swiftFiles(in: workbook.root.appendingPathComponent(chapter.starterFolder))
            let solution = try Self.swiftFiles(in: workbook.root.appendingPathComponent(chapter.solutionFolder))
            for file in Self.givenFiles(starter: starter, solution: solution) where solution[file] != starter[file] {
                try write(starter[file] ?? "", to: "\(chapter.solutionFolder)/\(file)", into: &written)
            }
        }
        let workflow = ClassroomConfig.workflow(for: workbook.chapters)
        if read(ClassroomConfig.path) != workflow { try write(workflow, to: ClassroomConfig.path, into: &written) }
        return written
    }

    private func write(_ text: String, to path: String, into written: inout [String]) throws {
        try text.write(to: workbook.root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        written.append(path)
    }
}
