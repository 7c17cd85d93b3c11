import Foundation
import WorkbookCore

/// `./Scripts/verify --rebase-pages N`: mends the catalogue pages of chapter N whose diffs no
/// longer apply because the solution (or the starter) changed under them.
///
/// A page's diff was written against its base as it was when the page was last committed. For
/// each page that no longer applies: the learner's files are rebuilt from that old base and the
/// diff, then merged three ways (`git merge-file`) with the base as it is now, and the page's diff
/// is written anew against today's base. A page whose change collides with the base's change is
/// named and left as it was, for a maintainer to mend by hand; none is ever skipped in silence.
struct PageRebase {
    let workbook: Workbook
    let chapter: Chapter

    /// What happened to each page.
    enum Outcome: Equatable {
        case applies
        case rebased
        /// Rebased, where the base changed lines the learner's change also changed: the learner's
        /// lines were kept. Worth a look.
        case rebasedOverLearnersLines([String])
        case failed(String)

        /// Whether the page was written anew.
        var rebased: Bool {
            switch self {
            case .rebased, .rebasedOverLearnersLines: true
            case .applies, .failed: false
            }
        }
    }

    func run() async -> [(name: String, outcome: Outcome)] {
        let catalogue = Catalogue(chapter: chapter, in: workbook)
        var outcomes: [(String, Outcome)] = []
        for item in catalogue.cases {
            do {
                outcomes.append((item.name, try await rebase(item, in: catalogue)))
            } catch {
                outcomes.append((item.name, .failed("\(error)")))
            }
        }
        return outcomes
    }

    private func rebase(_ item: Catalogue.Case, in catalogue: Catalogue) async throws -> Outcome {
        let pagePath = catalogue.page(of: item)
        let pageURL = workbook.root.appendingPathComponent(pagePath)
        let text = try String(contentsOf: pageURL, encoding: .utf8)
        let diff = try Catalogue.diff(onPage: text, of: item)
        let baseFolder = diff.bases == ["starter"] ? chapter.starterFolder : chapter.solutionFolder
        let paths = diff.files.compactMap { $0.oldPath ?? $0.newPath }

        var current: [String: String] = [:]
        for path in paths {
            let url = workbook.root.appendingPathComponent("\(baseFolder)/\(path)")
            if let text = try? String(contentsOf: url, encoding: .utf8) { current[path] = text }
        }
        if (try? diff.apply(to: current)) != nil { return .applies }

        // The base the page was written against: as it was in the page's last commit.
        let log = try await git(["log", "-1", "--format=%H", "--", pagePath])
        let commit = log.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !commit.isEmpty else {
            return .failed("the page is not committed, so the base it was written against is not known")
        }
        var old: [String: String] = [:]
        for path in paths {
            if let text = try? await git(["show", "\(commit):\(baseFolder)/\(path)"]) { old[path] = text }
        }
        let learnerThen: [String: String]
        do {
            learnerThen = try diff.apply(to: old)
        } catch {
            return .failed("its diff did not apply even to the base of its own commit (\(commit.prefix(8))): \(error)")
        }

        // Three ways: the learner's change, carried from the old base onto the new one.
        let scratch = try TemporaryFolder(prefix: "workbook-rebase")
        defer { scratch.remove() }
        var sections: [String] = []
        var overlapped: [String] = []
        for patch in diff.files {
            guard let path = patch.newPath else {
                return .failed("\(patch.path): a page that deletes a file is mended by hand")
            }
            let mine = scratch.url.appendingPathComponent("learner")
            let ancestor = scratch.url.appendingPathComponent("old-base")
            let theirs = scratch.url.appendingPathComponent("new-base")
            try (learnerThen[path] ?? "").write(to: mine, atomically: true, encoding: .utf8)
            try (patch.oldPath.flatMap { old[$0] } ?? "").write(to: ancestor, atomically: true, encoding: .utf8)
            try (patch.oldPath.flatMap { current[$0] } ?? "").write(to: theirs, atomically: true, encoding: .utf8)
            var merge = try await Command(
                ["git", "merge-file", "-p", mine.path, ancestor.path, theirs.path], in: scratch.url
            ).run()
            if !merge.succeeded {
                // Both changed the same lines: the learner's lines are the case, so they win; the
                // base's change there (a comment, a rename) is one the learner never saw.
                merge = try await Command(
                    ["git", "merge-file", "-p", "--ours", mine.path, ancestor.path, theirs.path], in: scratch.url
                ).run()
                guard merge.succeeded else { return .failed("\(path): git merge-file failed: \(merge.output)") }
                overlapped.append(path)
            }
            let merged = scratch.url.appendingPathComponent("merged")
            try merge.output.write(to: merged, atomically: true, encoding: .utf8)
            let side = diff.bases.first ?? "solution"
            let body = try await unifiedDiff(
                from: patch.oldPath == nil ? nil : theirs, to: merged, side: side, path: path,
                newFile: patch.oldPath == nil)
            sections.append(body)
        }
        let newDiff = sections.joined()
        let rebasedPage = try Self.replacingDiff(in: text, with: newDiff)
        // Only a page that now applies is written.
        let newDiffParsed = try UnifiedDiff(parsing: newDiff)
        guard (try? newDiffParsed.apply(to: current)) != nil else {
            return .failed("the rebased diff does not apply either; mend the page by hand")
        }
        try rebasedPage.write(to: pageURL, atomically: true, encoding: .utf8)
        return overlapped.isEmpty ? .rebased : .rebasedOverLearnersLines(overlapped)
    }

    /// `diff -u` of two files, with the page's headers (`--- solution/PATH`, `+++ learner/PATH`).
    private func unifiedDiff(from base: URL?, to learner: URL, side: String, path: String, newFile: Bool)
        async throws -> String
    {
        let empty = learner.deletingLastPathComponent().appendingPathComponent("empty")
        if base == nil { try "".write(to: empty, atomically: true, encoding: .utf8) }
        // The catalogue's house style: two lines of context, one where the diff has several hunks.
        func run(context: Int) async throws -> [Substring] {
            let result = try await Command(
                ["git", "diff", "--no-index", "--no-color", "-U\(context)", (base ?? empty).path, learner.path],
                in: learner.deletingLastPathComponent()
            ).run()
            return result.output.split(separator: "\n", omittingEmptySubsequences: false)
        }
        var lines = try await run(context: 2)
        if lines.count(where: { $0.hasPrefix("@@") }) > 1 { lines = try await run(context: 1) }
        guard let firstHunk = lines.firstIndex(where: { $0.hasPrefix("@@") }) else { return "" }
        let header = [newFile ? "--- /dev/null" : "--- \(side)/\(path)", "+++ learner/\(path)"]
        var body = lines[firstHunk...].map(String.init)
        if body.last == "" { body.removeLast() }
        return (header + body).joined(separator: "\n") + "\n"
    }

    /// `page` with the text of its first fenced `diff` block replaced by `diff`.
    static func replacingDiff(in page: String, with diff: String) throws -> String {
        var lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let open = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "```diff" }),
            let close = lines[(open + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "```" })
        else { throw Catalogue.PageProblem(description: "the page has no ```diff block") }
        var body = diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if body.last == "" { body.removeLast() }
        lines.replaceSubrange((open + 1)..<close, with: body)
        return lines.joined(separator: "\n")
    }

    private func git(_ arguments: [String]) async throws -> String {
        let result = try await Command(["git"] + arguments, in: workbook.root).run()
        guard result.succeeded else { throw CommandError("git \(arguments.joined(separator: " ")): \(result.output)") }
        return result.output
    }
}
