import Foundation
import WorkbookCore

/// The checks of where the workbook lives and what teachers' tools read: the workflows linted,
/// GitHub Classroom's graded commands run, and the class table read by Python and a spreadsheet.
extension Verifier {
    /// `actionlint` on every workflow in `.github/workflows/`. `jactionlint` (a fork that PyPI
    /// ships as a wheel) stands in for it where `actionlint` is missing, limited to the checks
    /// actionlint makes (`--profile correctness`). Where neither is installed, a notice.
    func workflowsLint(_ title: String, in mirror: Workbook) async -> Step {
        let folder = mirror.root.appendingPathComponent(".github/workflows")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted()
            .map { ".github/workflows/\($0)" }
        let linter: [String]?
        if let actionlint = ProgramLookup.onPath("actionlint") {
            linter = [actionlint]
        } else if let fork = ProgramLookup.onPath("jactionlint") {
            linter = [fork, "--profile", "correctness"]
        } else {
            linter = nil
        }
        guard let linter else {
            return Step(
                title: title,
                result: .unavailable("it needs actionlint, and this machine lacks it (.ci/run installs it with pip)"))
        }
        return await measure(title + " (\(URL(fileURLWithPath: linter[0]).lastPathComponent))") {
            if files.isEmpty { return ["there is no workflow in .github/workflows/"] }
            let result = try await Command(linter + files, in: mirror.root).run()
            if result.succeeded { return [] }
            let lines = result.output.split(separator: "\n").map(String.init)
            return lines.isEmpty ? ["\(linter[0]) \(result.ending)"] : lines
        }
    }

    /// GitHub Classroom's graded commands, read from its workflow: each fails on the starters and
    /// passes on the solutions (``ClassroomCheck``).
    func classroomCommands(_ title: String, in mirror: Workbook) async -> Step {
        report(.started(title))
        let clock = ContinuousClock()
        let start = clock.now
        var check = ClassroomCheck(
            mirror: mirror, copy: workFolder.appendingPathComponent("classroom"), runnerTool: Bundle.main.executableURL,
            environment: ProcessInfo.processInfo.environment)
        check.note = { [report] in report(.note($0)) }
        var step = Step(title: title, result: .passed)
        do {
            let outcome = try await check.run()
            if let why = outcome.unavailable {
                step.result = .unavailable(why)
            } else if !outcome.problems.isEmpty {
                step.result = .failed
                step.details = outcome.problems
            }
            for timing in outcome.timings { report(.note(timing)) }
        } catch {
            step.result = .failed
            step.details = ["\(error)"]
        }
        step.duration = clock.now - start
        return step
    }

    /// The class table read back by Python's csv module (`ClassTablePythonTests`).
    func classTableInPython(_ title: String, _ runner: PackageTools) async -> Step {
        guard let python = ProgramLookup.onPath("python3") else {
            return Step(title: title, result: .unavailable("it needs python3, and this machine lacks it"))
        }
        return await runnerTests(
            title, suite: "ClassTablePythonTests", environment: ["WORKBOOK_PYTHON": python], tools: runner,
            timeLimit: .seconds(300))
    }

    /// The class table opened by LibreOffice (`ClassTableSpreadsheetTests`).
    func classTableInSpreadsheet(_ title: String, _ runner: PackageTools) async -> Step {
        let candidates = [
            ProgramLookup.onPath("soffice"), ProgramLookup.onPath("libreoffice"),
            "/Applications/LibreOffice.app/Contents/MacOS/soffice",
        ]
        guard
            let soffice = candidates.compactMap({ $0 }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            return Step(
                title: title,
                result: .unavailable("it needs LibreOffice, and this machine lacks it (.ci/run installs it)"))
        }
        return await runnerTests(
            title, suite: "ClassTableSpreadsheetTests", environment: ["WORKBOOK_SOFFICE": soffice], tools: runner,
            timeLimit: .seconds(300))
    }
}
