import Foundation
import WorkbookCore

/// A unified diff, as `diff -u` and `git diff` write it, and how to apply it to a tree of text
/// files. A catalogue case is such a diff against the reference solution or the starter.
///
///     --- solution/MessageBoard.swift
///     +++ learner/MessageBoard.swift
///     @@ -24,6 +24,8 @@
///          await send(text)
///     -    storage.withLock { $0.append(text) }
///     +    var board = storage.withLock { $0 }
///
/// The first component of each path names the side (`solution/`, `learner/`) and is not part of
/// the file's path; `/dev/null` stands for a file that is created or deleted. A hunk applies where
/// its old lines stand in the file: at the line it names, or else the nearest place below the
/// previous hunk where they all stand, word for word. There is no fuzz: a base that changed under
/// a hunk is an error that says where, never a guess.
struct UnifiedDiff: Sendable, Equatable {
    /// One file's part of the diff.
    struct FilePatch: Sendable, Equatable {
        /// The file's path in the base, without the side's folder; `nil` for a new file.
        var oldPath: String?
        /// The file's path once patched; `nil` when the patch deletes the file.
        var newPath: String?
        /// The first component of the old side's path (`solution`, `starter`); `nil` for a new file.
        var base: String?
        var hunks: [Hunk]

        /// The path this patch is about, for messages.
        var path: String { newPath ?? oldPath ?? "?" }
    }

    struct Hunk: Sendable, Equatable {
        /// The line, counted from 1, where the hunk's old lines start in the base.
        var oldStart: Int
        var lines: [Line]
        /// The line of the diff text the hunk's header is on, for messages.
        var lineInDiff: Int

        var oldLines: [String] { lines.compactMap { $0.kind == .added ? nil : $0.text } }
        var newLines: [String] { lines.compactMap { $0.kind == .removed ? nil : $0.text } }
    }

    struct Line: Sendable, Equatable {
        enum Kind: Sendable, Equatable { case context, removed, added }
        var kind: Kind
        var text: String
    }

    /// Why a diff could not be read or applied.
    struct Problem: Error, Equatable, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    var files: [FilePatch]

    /// The bases the files are diffed against (`["solution"]` when every file is).
    var bases: Set<String> { Set(files.compactMap(\.base)) }

    /// Reads `text`; lines before the first `---` (a heading, a blank) are ignored.
    init(parsing text: String) throws {
        files = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("--- ") else {
                index += 1
                continue
            }
            guard index + 1 < lines.count, lines[index + 1].hasPrefix("+++ ") else {
                throw Problem("line \(index + 1): a `---` line must be followed by a `+++` line")
            }
            let patchLine = index + 1
            let old = Self.path(lines[index].dropFirst(4))
            let new = Self.path(lines[index + 1].dropFirst(4))
            var patch = FilePatch(oldPath: old?.path, newPath: new?.path, base: old?.side, hunks: [])
            if old == nil && new == nil { throw Problem("line \(patchLine): both sides are /dev/null") }
            index += 2
            while index < lines.count, lines[index].hasPrefix("@@ ") {
                let header = index + 1
                guard let (oldStart, oldCount, newCount) = Self.counts(in: lines[index]) else {
                    throw Problem("line \(header): not a hunk header: \(lines[index])")
                }
                index += 1
                var hunk = Hunk(oldStart: oldStart, lines: [], lineInDiff: header)
                var (oldSeen, newSeen) = (0, 0)
                while oldSeen < oldCount || newSeen < newCount {
                    guard index < lines.count else {
                        throw Problem(
                            "line \(header): the hunk ends before its \(oldCount) old and \(newCount) new lines")
                    }
                    let line = lines[index]
                    let text = String(line.dropFirst())
                    switch line.first {
                    case " ", nil:
                        hunk.lines.append(Line(kind: .context, text: text))
                        oldSeen += 1
                        newSeen += 1
                    case "-":
                        hunk.lines.append(Line(kind: .removed, text: text))
                        oldSeen += 1
                    case "+":
                        hunk.lines.append(Line(kind: .added, text: text))
                        newSeen += 1
                    case "\\":
                        throw Problem("line \(index + 1): files without a final newline are not supported")
                    default:
                        throw Problem("line \(index + 1): a hunk line must start with a space, - or +")
                    }
                    index += 1
                }
                if oldSeen != oldCount || newSeen != newCount {
                    throw Problem("line \(header): the hunk's lines do not add up to its header")
                }
                patch.hunks.append(hunk)
            }
            if patch.hunks.isEmpty { throw Problem("line \(patchLine): \(patch.path) has no hunk") }
            files.append(patch)
        }
    }

    /// `solution/TestDoubles/Stub.swift` → (`solution`, `TestDoubles/Stub.swift`); `/dev/null` → nil.
    private static func path(_ field: Substring) -> (side: String, path: String)? {
        // `diff` may add a tab and a time stamp after the name.
        let name = field.split(separator: "\t", maxSplits: 1).first.map(String.init) ?? ""
        if name == "/dev/null" { return nil }
        guard let slash = name.firstIndex(of: "/") else { return ("", name) }
        return (String(name[..<slash]), String(name[name.index(after: slash)...]))
    }

    /// `@@ -24,6 +24,8 @@` → (24, 6, 8); a missing count means 1.
    private static func counts(in header: String) -> (Int, Int, Int)? {
        let fields = header.split(separator: " ")
        guard fields.count >= 4, fields[0] == "@@", fields[1].hasPrefix("-"), fields[2].hasPrefix("+") else {
            return nil
        }
        func range(_ field: Substring) -> (Int, Int)? {
            let parts = field.dropFirst().split(separator: ",", omittingEmptySubsequences: false)
            guard let start = Int(parts[0]) else { return nil }
            if parts.count == 1 { return (start, 1) }
            guard parts.count == 2, let count = Int(parts[1]) else { return nil }
            return (start, count)
        }
        guard let old = range(fields[1]), let new = range(fields[2]) else { return nil }
        return (old.0, old.1, new.1)
    }

    /// `tree` (relative path → text) with every file's patch applied.
    func apply(to tree: [String: String]) throws -> [String: String] {
        var result = tree
        for patch in files {
            var lines: [String] = []
            if let oldPath = patch.oldPath {
                guard let text = tree[oldPath] else { throw Problem("\(oldPath): not in the base") }
                lines = Self.lines(of: text)
            } else if let newPath = patch.newPath, tree[newPath] != nil {
                throw Problem("\(newPath): the diff creates it, but the base already has it")
            }
            var searchFrom = 0
            var offset = 0  // how far earlier hunks moved the lines below them
            for hunk in patch.hunks {
                let old = hunk.oldLines
                let stated = max(0, (old.isEmpty ? hunk.oldStart : hunk.oldStart - 1) + offset)
                guard let at = Self.place(of: old, in: lines, near: stated, from: searchFrom) else {
                    let first = old.first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) ?? ""
                    throw Problem(
                        "\(patch.path): the hunk at line \(hunk.oldStart) (line \(hunk.lineInDiff) of the diff) "
                            + "no longer matches the base, which has changed there; it expects "
                            + "`\(first.trimmingCharacters(in: .whitespaces))`")
                }
                lines.replaceSubrange(at..<(at + old.count), with: hunk.newLines)
                searchFrom = at + hunk.newLines.count
                offset += hunk.newLines.count - old.count
            }
            if let oldPath = patch.oldPath { result[oldPath] = nil }
            if let newPath = patch.newPath {
                result[newPath] = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
            }
        }
        return result
    }

    /// The file's lines, without the final newline's empty line.
    private static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Where `old` stands in `lines`: at `stated` if it stands there, else the nearest place at or
    /// after `from`.
    private static func place(of old: [String], in lines: [String], near stated: Int, from: Int) -> Int? {
        func matches(_ start: Int) -> Bool {
            start >= from && start + old.count <= lines.count && Array(lines[start..<(start + old.count)]) == old
        }
        if matches(stated) { return stated }
        let candidates = (from...max(from, lines.count - old.count)).filter(matches)
        return candidates.min { abs($0 - stated) < abs($1 - stated) }
    }
}
