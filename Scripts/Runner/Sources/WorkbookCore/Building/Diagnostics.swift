import Foundation

/// A compiler error, as the runner reports it.
public struct CompilerError: Codable, Sendable, Hashable {
    /// Relative to the workbook when the file is inside it.
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    /// `Chapters/Chapter1…/MessageBoard.swift:12:5: cannot find 'x' in scope`
    public var summary: String { "\(file):\(line):\(column): \(message)" }
}

public enum Diagnostics {
    /// The errors in a build's output, each once, in the order first reported.
    ///
    /// Reads the first line of each diagnostic (`/path/File.swift:12:5: error: message`), which
    /// every diagnostic style prints; the drawings below it are ignored.
    public static func errors(in output: String, relativeTo workbook: Workbook? = nil) -> [CompilerError] {
        var seen: Set<CompilerError> = []
        var errors: [CompilerError] = []
        for line in output.split(separator: "\n") {
            guard let marker = line.range(of: ": error: ") else { continue }
            let place = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard place.count >= 3, let lineNumber = Int(place[place.count - 2]),
                let column = Int(place[place.count - 1])
            else { continue }
            let path = place.dropLast(2).joined(separator: ":")
            guard path.hasSuffix(".swift") else { continue }
            let error = CompilerError(
                file: workbook?.relativePath(path) ?? path, line: lineNumber, column: column,
                message: String(line[marker.upperBound...]))
            if seen.insert(error).inserted { errors.append(error) }
        }
        return errors
    }

    /// Lines that say something went wrong without naming a Swift file: a manifest or linker
    /// error, a SwiftPM warning.
    public static func otherProblems(in output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard
                trimmed.hasPrefix("error:") || trimmed.hasPrefix("warning:") || line.contains(": error: ")
                    || line.contains(": warning: ")
            else { return false }
            return !line.contains(".swift:")
        }
    }

    /// The warnings a build printed, each once: compiler warnings and SwiftPM's own.
    public static func warnings(in output: String) -> [String] {
        var seen: Set<String> = []
        return output.split(separator: "\n").map(String.init).filter { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // The compiler draws each diagnostic again under its first line, behind "|".
            guard !trimmed.hasPrefix("|"), trimmed.hasPrefix("warning:") || line.contains(": warning: ") else {
                return false
            }
            return seen.insert(line).inserted
        }
    }
}
