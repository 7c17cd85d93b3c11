import Foundation

/// Colour, or not: only on a terminal, never with `NO_COLOR` set or `TERM=dumb`.
public struct Style: Sendable {
    public var colors: Bool

    public init(colors: Bool) { self.colors = colors }

    /// The style for standard output in this environment.
    public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment) -> Style {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Style(colors: isatty(STDOUT_FILENO) == 1 && !noColor && environment["TERM"] != "dumb")
    }

    package func paint(_ text: String, _ code: String) -> String { colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    package func bold(_ text: String) -> String { paint(text, "1") }
    package func dim(_ text: String) -> String { paint(text, "2") }
    package func green(_ text: String) -> String { paint(text, "32") }
    package func red(_ text: String) -> String { paint(text, "31") }
    package func yellow(_ text: String) -> String { paint(text, "33") }
}

/// Columns of text, for the terminal's tables.
extension String {
    package func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
    package func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

extension Style {
    /// How many columns `text` takes on a terminal: its characters, without colour codes.
    package static func visibleLength(_ text: some StringProtocol) -> Int {
        var length = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                length += 1
            }
        }
        return length
    }
}

/// The terminal the runner writes to.
package enum Terminal {
    /// Rows and columns of the terminal behind `descriptor`; `nil` when it is not a terminal.
    package static func size(of descriptor: Int32 = STDOUT_FILENO) -> (rows: Int, columns: Int)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_row), Int(size.ws_col))
    }
}
