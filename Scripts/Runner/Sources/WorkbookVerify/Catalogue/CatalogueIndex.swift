import Foundation
import WorkbookCore

/// A catalogue's index, `Catalogue/README.md`, is generated from its pages: each page is the one
/// home of its case's summary and of what catches it, and the index's rows are written from them
/// (`./Scripts/verify --write-index N`), in the order the index gives them. Verify checks that the
/// index is what its pages say.
///
/// A page begins:
///
///     # `name`: a typical mistake of [Chapter 4](README.md)      (or: another sound design)
///     The summary, one line.\
///     **Caught by** "A test's name"; "Another".\                (a sound design: **Passes** …)
///
/// A summary that ends "Its verdict depends on timing, so verify runs it five times." is marked
/// `(timing)` in the index; a sound design whose third line ends "in a library module only." is
/// marked `(library world)`.
enum CatalogueIndex {
    static let timingSentence = " Its verdict depends on timing, so verify runs it five times."
    static let libraryOnlyEnding = "in a library module only."

    struct Row: Equatable {
        var isMistake: Bool
        /// The index's cells after the first: the summary (with its marks), and for a mistake
        /// what catches it.
        var cells: [String]

        func rendered(name: String) -> String {
            let escaped = cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }
            return "| [`\(name)`](\(name).md) | " + escaped.joined(separator: " | ") + " |"
        }
    }

    struct PageError: Error, CustomStringConvertible {
        var description: String
    }

    /// The index row a page says.
    static func row(fromPage text: String) throws -> Row {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 3 else {
            throw PageError(description: "a page starts with three lines: title, summary, verdict")
        }
        let isMistake: Bool
        if lines[0].contains(": a typical mistake of ") {
            isMistake = true
        } else if lines[0].contains(": another sound design of ") {
            isMistake = false
        } else {
            throw PageError(
                description:
                    "its first line must say \"# `name`: a typical mistake of …\" or \"…: another sound design of …\"")
        }
        var summary = String(lines[1].hasSuffix("\\") ? lines[1].dropLast() : Substring(lines[1]))
        if summary.hasSuffix(timingSentence) { summary = String(summary.dropLast(timingSentence.count)) + " (timing)" }
        guard !summary.isEmpty else { throw PageError(description: "its second line must be the case's summary") }
        let verdict = lines[2].hasSuffix("\\") ? String(lines[2].dropLast()) : lines[2]
        if isMistake {
            let prefix = "**Caught by** "
            guard verdict.hasPrefix(prefix) else {
                throw PageError(description: "its third line must say \"**Caught by** …\": what catches the mistake")
            }
            var caught = String(verdict.dropFirst(prefix.count))
            if caught.hasSuffix(".") { caught.removeLast() }
            return Row(isMistake: true, cells: [summary, caught])
        }
        guard verdict.hasPrefix("**Passes** ") else {
            throw PageError(description: "its third line must say \"**Passes** …\"")
        }
        if verdict.hasSuffix(libraryOnlyEnding) { summary += " (library world)" }
        return Row(isMistake: false, cells: [summary])
    }

    /// The index with every row written from its page, in the index's order; pages it does not
    /// list yet are added at the end of their section, rows without a page are dropped. Also what
    /// could not be read.
    static func regenerated(index: String, pages: [String: String]) -> (text: String, problems: [String]) {
        var rows: [String: Row] = [:]
        var problems: [String] = []
        for (name, text) in pages {
            do { rows[name] = try row(fromPage: text) } catch { problems.append("\(name).md: \(error)") }
        }
        let lines = index.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var output: [String] = []
        var section: Bool?
        var listed = Set<String>()
        var inTable = false
        func closeTable() {
            guard inTable, let isMistake = section else { return }
            let missing = rows.filter { $0.value.isMistake == isMistake && !listed.contains($0.key) }.keys.sorted()
            for name in missing {
                output.append(rows[name]!.rendered(name: name))
                listed.insert(name)
            }
            inTable = false
        }
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("|"), section != nil {
                inTable = true
                let first = Catalogue.cells(of: trimmed).first ?? ""
                if let name = Catalogue.caseName(in: first), first != "Case" {
                    // A row of the section: written from its page, or gone with it.
                    if let row = rows[name], row.isMistake == section {
                        output.append(row.rendered(name: name))
                        listed.insert(name)
                    } else if rows[name] == nil, pages[name] != nil {
                        output.append(line)  // a page that cannot be read keeps its row, and is named
                        listed.insert(name)
                    }
                    continue
                }
                output.append(line)
                continue
            }
            closeTable()
            if trimmed.hasPrefix("## ") {
                let heading = trimmed.dropFirst(3).lowercased()
                section =
                    heading.hasPrefix("other sound designs")
                    ? false : heading.hasPrefix("typical mistakes") ? true : nil
            }
            output.append(line)
        }
        closeTable()
        return (output.joined(separator: "\n"), problems.sorted())
    }

    /// The pages of a catalogue folder: name → text.
    static func pages(in folder: URL) -> [String: String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".md") && $0 != "README.md" }
        var pages: [String: String] = [:]
        for file in names {
            pages[String(file.dropLast(3))] = try? String(
                contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        }
        return pages
    }
}
