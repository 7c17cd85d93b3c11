/// A command's options in one table: each option's name, the value it takes, its help and what it
/// does, and the rules for options that go together. Parsing, the usage text and the errors all
/// come from it, so an option cannot be parsed one way and described another.
public struct OptionTable<Options> {
    public struct Option {
        /// `--chapter`, then any other spelling (`-y`).
        public var names: [String]
        /// What follows the option (`N`, `N|all`, `NAME`), or `nil` for a flag.
        public var value: String?
        /// The value in words, for the error when it is missing (`a chapter number, such as
        /// --reset 3`); the usage's `value` when `nil`.
        public var valueInWords: String?
        /// The help, a line or more (the usage text wraps nothing itself).
        public var help: [String]
        /// After its value, up to this many more arguments that are whole numbers belong to the
        /// option too (`--hint 5 7 2`); they reach `apply` after the value, separated by spaces.
        public var numbersAfter = 0
        /// Sets the option; throws ``OptionError`` with what the value should have been.
        public var apply: (inout Options, String?) throws -> Void

        public init(
            _ names: String..., value: String? = nil, valueInWords: String? = nil, numbersAfter: Int = 0,
            help: [String], apply: @escaping (inout Options, String?) throws -> Void
        ) {
            self.names = names
            self.value = value
            self.valueInWords = valueInWords
            self.numbersAfter = numbersAfter
            self.help = help
            self.apply = apply
        }

        /// `--chapter N`, `--yes, -y` (a short spelling is shown, a second long one is not).
        public var shown: String {
            let spellings = [names[0]] + names.dropFirst().filter { !$0.hasPrefix("--") }
            return ([spellings.joined(separator: ", ")] + (value.map { [$0] } ?? [])).joined(separator: " ")
        }
    }

    /// A rule about options together: when `holds` is false, `message` is the error.
    public struct Rule {
        public var holds: (Options) -> Bool
        public var message: String

        public init(_ message: String, holds: @escaping (Options) -> Bool) {
            self.holds = holds
            self.message = message
        }
    }

    /// An argument that is no option (`./Scripts/progress 3`), shown first in the usage.
    public struct Positional {
        public var shown: String
        public var help: [String]
        public var apply: (inout Options, String) throws -> Void

        public init(_ shown: String, help: [String], apply: @escaping (inout Options, String) throws -> Void) {
            self.shown = shown
            self.help = help
            self.apply = apply
        }
    }

    public var options: [Option]
    public var rules: [Rule]
    public var positional: Positional?

    public init(_ options: [Option], positional: Positional? = nil, rules: [Rule] = []) {
        self.options = options
        self.positional = positional
        self.rules = rules
    }

    /// The options set from `arguments`, in order; the first problem (an unknown argument, a
    /// missing or wrong value, a broken rule) is thrown as an ``OptionError``.
    public func parse(_ arguments: [String], into options: inout Options) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard let option = self.options.first(where: { $0.names.contains(argument) }) else {
                guard let positional, !argument.hasPrefix("-") else {
                    throw OptionError("unknown argument: \(argument)")
                }
                try positional.apply(&options, argument)
                continue
            }
            var value: String?
            if let wanted = option.value {
                guard let next = rest.popFirst(), !next.hasPrefix("--") else {
                    throw OptionError("\(option.names[0]) takes \(option.valueInWords ?? wanted)")
                }
                value = next
                for _ in 0..<option.numbersAfter {
                    guard let number = rest.first, Int(number) != nil else { break }
                    value! += " " + number
                    rest.removeFirst()
                }
            }
            try option.apply(&options, value)
        }
        if let broken = rules.first(where: { !$0.holds(options) }) { throw OptionError(broken.message) }
    }

    /// Each option on a line of its own, its help beside it: `  --chapter N        check only…`
    /// (below it, when the option is wider than `width`).
    public func usage(width: Int = 18) -> String {
        let indent = String(repeating: " ", count: width + 3)
        let rows = (positional.map { [($0.shown, $0.help)] } ?? []) + options.map { ($0.shown, $0.help) }
        return rows.map { shown, help in
            var lines = help.map { indent + $0 }
            let name = "  " + shown
            if shown.count < width, !lines.isEmpty {
                lines[0] = name.padded(to: width + 3) + help[0]
            } else {
                lines.insert(name, at: 0)
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}

/// Why a command's arguments were refused, in words for the person who typed them.
public struct OptionError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
