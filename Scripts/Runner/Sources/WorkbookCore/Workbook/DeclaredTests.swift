import Foundation

/// How many tests a chapter has, read from its test files without compiling them: the number of
/// `@Test` attributes outside comments and string literals. A parameterised test counts once, as
/// Swift Testing lists it (its arguments are cases of one test, not tests of their own).
///
/// The runner uses it for a chapter that does not compile, so that its `0/N` and the workbook's
/// total stay the workbook's whatever compiles; a chapter that compiles is counted by its run.
public enum DeclaredTests {
    /// The tests declared in the chapter's test files (`Tests/ChapterNTests/**/*.swift`); `nil`
    /// when the folder has no Swift file to read.
    public static func count(for chapter: Chapter, in workbook: Workbook) -> Int? {
        let files = FileTree.files(in: [chapter.testsFolder], of: workbook) { $0.hasSuffix(".swift") }
        guard !files.isEmpty else { return nil }
        return files.values.reduce(0) { sum, path in
            sum + ((try? String(contentsOfFile: path, encoding: .utf8)).map(count(in:)) ?? 0)
        }
    }

    /// The `@Test` attributes in Swift source, leaving out comments (`//`, nested `/* */`) and
    /// string literals (`"…"`, `"""…"""`, raw strings `#"…"#`, with interpolations inside),
    /// where a snippet may mention one.
    public static func count(in source: String) -> Int {
        var scanner = Scanner(text: Array(source.utf8))
        scanner.code(until: nil)
        return scanner.count
    }

    private struct Scanner {
        let text: [UInt8]
        var index = 0
        var count = 0

        init(text: [UInt8]) { self.text = text }

        func at(_ offset: Int) -> UInt8? { index + offset < text.count ? text[index + offset] : nil }

        func starts(with literal: [UInt8]) -> Bool {
            index + literal.count <= text.count && Array(text[index..<index + literal.count]) == literal
        }

        func starts(with literal: String) -> Bool { starts(with: Array(literal.utf8)) }

        /// Code, up to the `)` that closes an interpolation when `closing` is `)` (or the end).
        mutating func code(until closing: UInt8?) {
            var depth = 0
            while index < text.count {
                let byte = text[index]
                if starts(with: "//") {
                    while index < text.count, text[index] != UInt8(ascii: "\n") { index += 1 }
                } else if starts(with: "/*") {
                    blockComment()
                } else if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\"") {
                    string()
                } else if starts(with: "@Test") {
                    index += 5
                    if !(at(0).map(Self.isIdentifier) ?? false) { count += 1 }
                } else if closing != nil, byte == UInt8(ascii: "(") {
                    depth += 1
                    index += 1
                } else if let closing, byte == closing {
                    index += 1
                    if depth == 0 { return }
                    depth -= 1
                } else {
                    index += 1
                }
            }
        }

        mutating func blockComment() {
            var depth = 0
            repeat {
                if starts(with: "/*") {
                    depth += 1
                    index += 2
                } else if starts(with: "*/") {
                    depth -= 1
                    index += 2
                } else {
                    index += 1
                }
            } while depth > 0 && index < text.count
        }

        /// A string literal, raw (`#"…"#`, any number of `#`) or not, single- or multi-line; a `#`
        /// that opens none (`#if`, `#expect`) is passed over.
        mutating func string() {
            var hashes = 0
            while at(hashes) == UInt8(ascii: "#") { hashes += 1 }
            guard at(hashes) == UInt8(ascii: "\"") else {
                index += max(1, hashes)
                return
            }
            index += hashes
            let multiline = starts(with: "\"\"\"")
            index += multiline ? 3 : 1
            let pounds = [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
            let close = Array((multiline ? "\"\"\"" : "\"").utf8) + pounds
            let escape = [UInt8(ascii: "\\")] + pounds
            while index < text.count {
                if starts(with: escape) {
                    index += escape.count
                    if at(0) == UInt8(ascii: "(") {
                        index += 1
                        code(until: UInt8(ascii: ")"))
                    } else {
                        index += 1
                    }
                } else if starts(with: close) {
                    index += close.count
                    return
                } else if !multiline, text[index] == UInt8(ascii: "\n") {
                    return
                } else {
                    index += 1
                }
            }
        }

        static func isIdentifier(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
                || (0x61...0x7A).contains(byte)
        }
    }
}
