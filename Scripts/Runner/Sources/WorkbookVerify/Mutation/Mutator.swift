import Foundation

/// One mechanical change to a source file of a reference solution: a mutant. If the chapter's
/// tests still pass with it, they cannot tell it from the solution.
struct Mutant: Sendable, Hashable {
    enum Kind: String, Sendable, CaseIterable {
        /// `<` ↔ `<=`, `>` ↔ `>=`.
        case comparison
        /// `==` ↔ `!=`.
        case equality
        /// `+` ↔ `-` (binary), `+=` ↔ `-=`.
        case arithmetic
        /// `&&` ↔ `||`.
        case logical
        /// `true` ↔ `false`.
        case boolean
        /// An integer literal n → n + 1, or n − 1.
        case integer
        /// A statement that is a call, removed.
        case removedCall
        /// A statement that awaits (a call, or an assignment of what it awaits), removed.
        case removedAwait
        /// Two adjacent simple statements of one block, swapped.
        case swapped

        // The course's own mistakes, on the learner's lines only (``CourseMutator``):

        /// One of the learner's changes put back as the starter has it.
        case undoneStep
        /// An injected dependency → the singleton (`cache.` → `ImageCache.shared.`),
        /// `Current.now()` → `Date()`.
        case singletonReach
        /// `@MainActor` or `nonisolated` removed, `Task` → `Task.detached`, a task-local bound to
        /// the value it already has.
        case isolation
        /// `try` → `try?`, a `throw` removed.
        case errorPath
        /// `weak` removed.
        case memory
        /// `private(set)` removed; an initialiser or a static made `public`.
        case access
        /// A `#if DEBUG` block compiled into every build.
        case buildConfiguration
        /// A parameter's default value removed.
        case defaultArgument
        /// A dictionary's key → another field of the same value.
        case keys
        /// A statement moved across an `await`: a check and its act split by a suspension, or work
        /// done before the wait that belonged after it.
        case suspensionOrder
        /// A computed property made a stored `let`: read once (at first use, or at init) instead of
        /// on every call.
        case capturedOnce
        /// `actor` → `final class`, or `final class` → `actor`.
        case actorClass

        var isCourseOperator: Bool {
            switch self {
            case .comparison, .equality, .arithmetic, .logical, .boolean, .integer, .removedCall, .removedAwait,
                .swapped:
                false
            default: true
            }
        }
    }

    /// Whose line the mutant changes: one the learner writes (not in the starter), or given code.
    enum Scope: String, Sendable {
        case learner
        case given
    }

    /// The file, relative to the chapter's folder: `MessageBoard.swift`.
    var file: String
    /// The line changed (1-based); the first of the two when statements are swapped.
    var line: Int
    var kind: Kind
    /// What changed, in a few words: `'>' → '>='`, `removed 'await send(text)'`.
    var change: String
    /// The whole file with the change.
    var text: String

    /// Stable for as long as the line and what is on it stay: `MessageBoard.swift:28 '<' → '<='`
    /// (a second identical change on the same line gets ` #2`).
    var id: String
    var scope: Scope = .given
}

/// Lists the mutants of a Swift file. Textual and conservative: it changes only code (never a
/// comment or a string literal, never a `#if`, an import, an attribute or a declaration's line,
/// never code that only some platforms compile), and only where the change is likely to compile.
enum Mutator {
    /// Every mutant of `text`, in the order of the file's lines. With a `course` context, also the
    /// course's own mistakes on the learner's lines, and each mutant's scope; without, every line
    /// is given code and only the mechanical operators apply.
    static func mutants(of text: String, file: String, course: CourseMutator.Context? = nil) -> [Mutant] {
        let lines = SourceLine.scan(text)
        var found: [(line: Int, kind: Mutant.Kind, change: String, lines: [String])] = []
        let original = lines.map(\.text)
        var partners: [Int: Int] = [:]

        for (index, line) in lines.enumerated() where line.isMutable {
            for mutation in line.tokenMutations() {
                var changed = original
                changed[index] = mutation.text
                found.append((index, mutation.kind, mutation.change, changed))
            }
            if let removal = line.removableStatement, isWholeStatement(at: index, in: lines) {
                var changed = original
                changed[index] = ""
                found.append((index, removal.kind, "removed '\(removal.shown)'", changed))
            }
            if let partner = swapPartner(of: index, in: lines) {
                var changed = original
                changed.swapAt(index, partner)
                partners[index] = partner
                found.append((index, .swapped, "swapped with line \(partner + 1)", changed))
            }
        }
        if let course { found += CourseMutator.mutations(of: lines, context: course) }
        found.sort { $0.line < $1.line }
        let learner = course?.learnerLines.learner ?? []

        var seen: [String: Int] = [:]
        return found.compactMap { item in
            // The lines end with an empty one when the file ends with a newline: joined, they end
            // as the file does.
            let mutated = item.lines.joined(separator: "\n")
            guard mutated != text else { return nil }
            let base = "\(file):\(item.line + 1) \(item.change)"
            seen[base, default: 0] += 1
            let count = seen[base]!
            let touchesLearner =
                item.kind.isCourseOperator || learner.contains(item.line)
                || (item.kind == .swapped && partners[item.line].map(learner.contains) == true)
            return Mutant(
                file: file, line: item.line + 1, kind: item.kind, change: item.change, text: mutated,
                id: count == 1 ? base : "\(base) #\(count)", scope: touchesLearner ? .learner : .given)
        }
    }

    /// Whether the statement on line `index` stands alone: the line before does not leave an
    /// expression open and the line after does not continue it (`.map { … }`, `&& other`).
    static func isWholeStatement(at index: Int, in lines: [SourceLine]) -> Bool {
        let before = lines[..<index].last { !$0.code.isEmpty }?.code
        let after = lines[(index + 1)...].first { !$0.code.isEmpty }?.code
        if let last = before?.last, "=+-*/%<>&|^!?.,([".contains(last) { return false }
        if let first = after?.first, ".&|+-*/%<>=?:".contains(first) { return false }
        return true
    }

    /// The statement to swap line `index` with: the next line of code, when both are simple
    /// statements at the same indentation (so in the same block), neither declares a name the
    /// other uses, and they differ. Comment lines and blank lines between them stay in place.
    static func swapPartner(of index: Int, in lines: [SourceLine]) -> Int? {
        let first = lines[index]
        guard first.isSimpleStatement else { return nil }
        var next = index + 1
        while next < lines.count, lines[next].code.isEmpty, !lines[next].isDirective { next += 1 }
        guard next < lines.count else { return nil }
        let second = lines[next]
        guard second.isSimpleStatement, second.indentation == first.indentation, second.code != first.code,
            isWholeStatement(at: index, in: lines), isWholeStatement(at: next, in: lines)
        else { return nil }
        if let name = first.declaredName, second.words.contains(name) { return nil }
        if let name = second.declaredName, first.words.contains(name) { return nil }
        return next
    }
}

/// One line of a Swift file, with what of it is code: comments become spaces and the inside of
/// string literals (quotes and interpolations included) becomes `s`, so that no operator, number
/// or bracket in them is ever seen as code.
struct SourceLine: Sendable {
    /// The line as written.
    var text: String
    /// The line with comments blanked and strings masked, trimmed: what the mutator reads.
    var code: String
    /// The line's characters, and whether each is code.
    var characters: [Character]
    var isCode: [Bool]
    var indentation: Int
    /// Inside a `#if` whose condition names a platform (`os(…)`, `canImport(…)`, `arch(…)`):
    /// only some platforms compile it, so its mutants would fare differently on each.
    var isPlatformSpecific = false
    /// Begins and ends outside comments and strings: no multi-line string or comment runs through
    /// it, so it can be moved or removed whole.
    var isSelfContained = true

    var isDirective: Bool { code.hasPrefix("#") }

    /// Words that begin a declaration; a line that starts with one (after attributes and
    /// modifiers) is left alone.
    static let declarationKeywords: Set<String> = [
        "func", "init", "deinit", "subscript", "class", "struct", "enum", "protocol", "extension", "actor",
        "typealias", "associatedtype", "case", "import", "operator", "precedencegroup", "macro",
    ]
    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "static", "final", "override",
        "required", "convenience", "mutating", "nonmutating", "lazy", "weak", "unowned", "nonisolated", "dynamic",
        "indirect", "consuming", "borrowing",
    ]
    /// Words that begin a statement that is not a call.
    static let statementKeywords: Set<String> = [
        "return", "if", "guard", "let", "var", "for", "while", "switch", "case", "default", "defer", "throw", "break",
        "continue", "else", "do", "catch", "repeat", "fallthrough", "get", "set", "willSet", "didSet", "in",
    ]

    /// Splits `text` into lines and works out which characters are code, following comments and
    /// string literals (multi-line, raw, interpolated) across lines.
    static func scan(_ text: String) -> [SourceLine] {
        enum Context {
            case code(depth: Int)  // an interpolation's code, `depth` parentheses deep
            case string(multiline: Bool, hashes: Int)
            case comment(depth: Int)
        }
        var stack: [Context] = []
        var platform: [Bool] = []
        var lines: [SourceLine] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let characters = Array(raw)
            let startsOutside = stack.isEmpty
            var isCode = [Bool](repeating: false, count: characters.count)
            var masked = [Character](repeating: " ", count: characters.count)
            var i = 0
            func starts(_ pattern: String, at position: Int) -> Bool {
                let pattern = Array(pattern)
                return position + pattern.count <= characters.count
                    && Array(characters[position..<(position + pattern.count)]) == pattern
            }
            func hashes(at position: Int) -> Int {
                var count = 0
                while position + count < characters.count, characters[position + count] == "#" { count += 1 }
                return count
            }
            lineLoop: while i < characters.count {
                switch stack.last {
                case .comment(let depth):
                    if starts("/*", at: i) {
                        stack[stack.count - 1] = .comment(depth: depth + 1)
                        i += 2
                    } else if starts("*/", at: i) {
                        stack.removeLast()
                        if depth > 1 { stack.append(.comment(depth: depth - 1)) }
                        i += 2
                    } else {
                        i += 1
                    }
                case .string(let multiline, let count):
                    masked[i] = "s"
                    let closing = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: count)
                    if characters[i] == "\\", hashes(at: i + 1) >= count {
                        let after = i + 1 + count
                        for j in i..<min(after + 1, characters.count) { masked[j] = "s" }
                        if after < characters.count, characters[after] == "(" {
                            stack.append(.code(depth: 0))
                        }
                        i = after + 1
                    } else if starts(closing, at: i) {
                        for j in i..<(i + closing.count) { masked[j] = "s" }
                        stack.removeLast()
                        i += closing.count
                    } else {
                        i += 1
                    }
                case .code, nil:
                    let nested = stack.last != nil
                    let character = characters[i]
                    if starts("//", at: i) { break lineLoop }
                    if starts("/*", at: i) {
                        stack.append(.comment(depth: 1))
                        i += 2
                        continue
                    }
                    let count = hashes(at: i)
                    if i + count < characters.count, characters[i + count] == "\"" {
                        let multiline = starts("\"\"\"", at: i + count)
                        let opening = count + (multiline ? 3 : 1)
                        for j in i..<(i + opening) { masked[j] = "s" }
                        stack.append(.string(multiline: multiline, hashes: count))
                        i += opening
                        continue
                    }
                    if nested {
                        masked[i] = "s"
                        if case .code(let depth) = stack.last {
                            if character == "(" {
                                stack[stack.count - 1] = .code(depth: depth + 1)
                            } else if character == ")" {
                                stack.removeLast()
                                if depth > 0 { stack.append(.code(depth: depth - 1)) }
                            }
                        }
                    } else {
                        masked[i] = character
                        isCode[i] = true
                    }
                    i += 1
                }
            }
            // A single-line string cannot go on to the next line: whatever was left open closes.
            if let open = stack.firstIndex(where: {
                if case .string(false, _) = $0 { true } else { false }
            }) {
                stack.removeSubrange(open...)
            }
            let code = String(masked).trimmingCharacters(in: .whitespaces)
            let indentation = characters.prefix { $0 == " " || $0 == "\t" }.count
            if code.hasPrefix("#if") || code.hasPrefix("#elseif") {
                let condition = code
                let names = ["os(", "canImport(", "arch(", "targetEnvironment("].contains { condition.contains($0) }
                if code.hasPrefix("#if") {
                    platform.append(names)
                } else if !platform.isEmpty {
                    platform[platform.count - 1] = platform[platform.count - 1] || names
                }
            } else if code.hasPrefix("#endif"), !platform.isEmpty {
                platform.removeLast()
            }
            lines.append(
                SourceLine(
                    text: raw, code: code, characters: characters, isCode: isCode, indentation: indentation,
                    isPlatformSpecific: platform.contains(true), isSelfContained: startsOutside && stack.isEmpty))
        }
        return lines
    }

    /// The line as written, from its first character of code to its last: strings as they are,
    /// a trailing comment and the indentation left out.
    var written: String {
        let solid = characters.indices.filter { isCode[$0] && !characters[$0].isWhitespace }
        guard let first = solid.first, let last = solid.last else { return "" }
        return String(characters[first...last])
    }

    /// The words of the code, in order (identifiers and keywords).
    var words: [String] {
        code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }

    /// The first word after attributes (`@MainActor`, `@available(…)`) and modifiers
    /// (`public`, `private(set)`), or `nil`.
    var leadingKeyword: String? {
        var rest = Substring(code)
        while true {
            rest = rest.drop { $0 == " " }
            if rest.hasPrefix("@") {
                rest = rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }
                if rest.hasPrefix("(") { rest = rest.drop { $0 != ")" }.dropFirst() }
                continue
            }
            let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if Self.modifiers.contains(String(word)) {
                rest = rest.dropFirst(word.count)
                if rest.hasPrefix("(") { rest = rest.drop { $0 != ")" }.dropFirst() }
                continue
            }
            return word.isEmpty ? nil : String(word)
        }
    }

    /// Whether the mutator may change this line at all: code, not a directive, an import, an
    /// attribute's line or a declaration's, nor code only some platforms compile.
    var isMutable: Bool {
        guard !code.isEmpty, !isPlatformSpecific, !isDirective, !code.hasPrefix("@") else { return false }
        guard code.contains(where: { $0.isLetter || $0.isNumber }) else { return false }  // `}` or `})`
        if let keyword = leadingKeyword, Self.declarationKeywords.contains(keyword) { return false }
        return true
    }

    // MARK: - Operators and literals

    static let operatorCharacters: Set<Character> = [
        "/", "=", "-", "+", "!", "*", "%", "<", ">", "&", "|", "^", "~", "?", ".",
    ]
    static let operatorSwaps: [String: (String, Mutant.Kind)] = [
        "<": ("<=", .comparison), "<=": ("<", .comparison), ">": (">=", .comparison), ">=": (">", .comparison),
        "==": ("!=", .equality), "!=": ("==", .equality),
        "+": ("-", .arithmetic), "-": ("+", .arithmetic), "+=": ("-=", .arithmetic), "-=": ("+=", .arithmetic),
        "&&": ("||", .logical), "||": ("&&", .logical),
    ]

    /// The line with one operator or literal changed, for each one it has.
    func tokenMutations() -> [(kind: Mutant.Kind, change: String, text: String)] {
        var mutations: [(Mutant.Kind, String, String)] = []
        func replacing(_ range: Range<Int>, with replacement: String) -> String {
            String(characters[..<range.lowerBound]) + replacement + String(characters[range.upperBound...])
        }
        /// A space, or the end of the line.
        func isSpace(_ position: Int) -> Bool {
            guard position >= 0 else { return false }
            return position >= characters.count || characters[position] == " "
        }
        func isWordCharacter(_ position: Int) -> Bool {
            guard position >= 0, position < characters.count else { return false }
            let character = characters[position]
            return character.isLetter || character.isNumber || character == "_" || character == "$"
        }
        var i = 0
        while i < characters.count {
            guard isCode[i] else {
                i += 1
                continue
            }
            let character = characters[i]
            if Self.operatorCharacters.contains(character) {
                var end = i
                while end < characters.count, isCode[end], Self.operatorCharacters.contains(characters[end]) {
                    end += 1
                }
                let token = String(characters[i..<end])
                // A binary operator has a space on each side (an operator at the end of a line is
                // followed by its newline); generics (`Mutex<[String]>`) and unary minus have not.
                if let (replacement, kind) = Self.operatorSwaps[token], i > 0, isSpace(i - 1), isSpace(end) {
                    mutations.append((kind, "'\(token)' → '\(replacement)'", replacing(i..<end, with: replacement)))
                }
                i = end
            } else if character.isLetter || character == "_" || character == "$" {
                var end = i
                while isWordCharacter(end), isCode[end] { end += 1 }
                let word = String(characters[i..<end])
                let afterDot = i > 0 && characters[i - 1] == "."
                if !afterDot, word == "true" || word == "false" {
                    let flipped = word == "true" ? "false" : "true"
                    mutations.append((.boolean, "\(word) → \(flipped)", replacing(i..<end, with: flipped)))
                }
                i = end
            } else if character.isNumber {
                var end = i
                while end < characters.count, isCode[end], characters[end].isNumber || characters[end] == "_" {
                    end += 1
                }
                let digits = String(characters[i..<end]).replacingOccurrences(of: "_", with: "")
                let afterDot = i > 0 && characters[i - 1] == "."
                let continues =
                    end < characters.count
                    && (characters[end].isLetter
                        || characters[end] == "."
                            && end + 1 < characters.count && characters[end + 1].isNumber)
                if !afterDot, !continues, let value = Int(digits), value < Int.max {
                    let shown = String(characters[i..<end])
                    mutations.append((.integer, "\(shown) → \(value + 1)", replacing(i..<end, with: "\(value + 1)")))
                    if value > 0 {
                        mutations.append(
                            (.integer, "\(shown) → \(value - 1)", replacing(i..<end, with: "\(value - 1)")))
                    }
                }
                i = end
            } else {
                i += 1
            }
        }
        return mutations
    }

    // MARK: - Statements

    /// The code with what is inside brackets left out (`a.b(c) { d }` → `a.b() {}`), or `nil`
    /// when the brackets do not balance on this line.
    var skeleton: String? { Self.skeleton(of: code) }

    static func skeleton(of code: some StringProtocol) -> String? {
        var depth = 0
        var result = ""
        for character in code {
            if "([{".contains(character) {
                if depth == 0 { result.append(character) }
                depth += 1
            } else if ")]}".contains(character) {
                depth -= 1
                if depth < 0 { return nil }
                if depth == 0 { result.append(character) }
            } else if depth == 0 {
                result.append(character)
            }
        }
        return depth == 0 ? result : nil
    }

    /// The code without leading `try`, `try?`, `try!` and `await`, and whether it awaits.
    var withoutEffects: (rest: Substring, awaits: Bool) {
        var rest = Substring(code)
        var awaits = false
        while true {
            if let prefix = ["try? ", "try! ", "try "].first(where: { rest.hasPrefix($0) }) {
                rest = rest.dropFirst(prefix.count).drop { $0 == " " }
            } else if rest.hasPrefix("await ") {
                rest = rest.dropFirst("await ".count).drop { $0 == " " }
                awaits = true
            } else {
                return (rest, awaits)
            }
        }
    }

    /// A statement whose removal leaves code that still compiles, most of the time: a call
    /// (`foo(…)`, `x.bar(…)`, `list.withLock { … }`, with `try`/`await`), or an assignment of
    /// what an `await` returns (`shown = await board.messages`, `_ = await task.value`).
    var removableStatement: (kind: Mutant.Kind, shown: String)? {
        guard isMutable, isSelfContained, let skeleton, !code.hasSuffix("{") else { return nil }
        let shown = written.count > 50 ? String(written.prefix(49)) + "…" : written
        let (rest, awaits) = withoutEffects
        let first = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        if !first.isEmpty, !Self.statementKeywords.contains(first),
            Self.skeleton(of: rest)?.wholeMatch(of: Self.callPattern) != nil
        {
            return (awaits ? .removedAwait : .removedCall, shown)
        }
        if skeleton.wholeMatch(of: Self.awaitedAssignment) != nil { return (.removedAwait, shown) }
        return nil
    }

    /// A call, as a skeleton: a chain of names and calls that ends in a call.
    nonisolated(unsafe) static let callPattern =
        /[A-Za-z_][A-Za-z0-9_]*(\??\.[A-Za-z_][A-Za-z0-9_]*|\(\)|\s*\{\})*(\(\)|\s*\{\})/
    /// An assignment of an awaited value to a name that exists already.
    nonisolated(unsafe) static let awaitedAssignment =
        /(self\.)?[A-Za-z_][A-Za-z0-9_.]*\s*(=|\+=|-=)\s*(try[?!]?\s+)?await\s.*/

    /// A statement that can trade places with its neighbour: a call, an assignment or a local
    /// `let`/`var` with a value, on one line.
    var isSimpleStatement: Bool {
        guard isMutable, isSelfContained, let skeleton, !code.hasSuffix("{") else { return false }
        if removableStatement != nil { return true }
        // A local `let`/`var` (no modifier, inside a body); a type's stored properties stay put.
        if code.hasPrefix("let ") || code.hasPrefix("var ") {
            return skeleton.contains(" = ") && indentation > 4
        }
        if let keyword = leadingKeyword, Self.statementKeywords.contains(keyword) { return false }
        return skeleton.wholeMatch(of: /(self\.)?[A-Za-z_][A-Za-z0-9_.]*\s*(=|\+=|-=)\s.*/) != nil
    }

    /// The name a `let`/`var` line declares.
    var declaredName: String? {
        guard let keyword = leadingKeyword, ["let", "var"].contains(keyword) else { return nil }
        let words = self.words
        guard let position = words.firstIndex(of: keyword), position + 1 < words.count else { return nil }
        return words[position + 1]
    }
}
