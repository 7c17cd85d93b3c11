import Foundation

/// Mutants that make the mistakes this course teaches about, on the lines the learner writes:
/// undoing one of the chapter's steps, reaching for the singleton instead of what was injected,
/// losing an isolation or a task-local binding, swallowing an error, a strong reference where the
/// lesson keeps a weak one, a way in that should stay shut, code meant for debug builds shipped,
/// a default argument lost, a dictionary keyed by the wrong field, a statement moved across an
/// `await`, a per-call read captured once, an actor made a class (or a class an actor). Like
/// ``Mutator``, textual and conservative; a mutant that does not compile is killed by the
/// compiler, and counted apart.
enum CourseMutator {
    /// What the operators need to know beyond the file itself.
    struct Context: Sendable {
        /// The learner's lines and hunks of this file.
        var learnerLines: LearnerLines
        /// The starter's lines of this file, masked for code (to tell a step that changes code from
        /// one that changes only comments).
        var starterCode: [String] = []
        /// The singletons the chapter's code reaches for (`ImageCache.shared`), from its starter.
        var singletons: [String] = []
    }

    typealias Found = (line: Int, kind: Mutant.Kind, change: String, lines: [String])

    struct Pair: Hashable {
        var base: String
        var member: String
    }

    static func mutations(of lines: [SourceLine], context: Context) -> [Found] {
        let original = lines.map(\.text)
        var found: [Found] = []
        found += undoneSteps(lines, context: context)
        let properties = storedProperties(in: lines)
        // The file's `a.b` accesses, read once: what any of its dictionaries could be keyed by.
        let members = Set(lines.flatMap { $0.memberAccesses.map { Pair(base: $0.base, member: $0.member) } })
        for index in context.learnerLines.learner.sorted() where index < lines.count {
            let line = lines[index]
            guard !line.code.isEmpty, !line.isPlatformSpecific else { continue }
            for (kind, change, text) in lineMutations(
                line, at: index, in: lines, properties: properties, members: members, context: context)
            {
                var changed = original
                changed[index] = text
                found.append((index, kind, change, changed))
            }
            if line.code == "#if DEBUG", let shipped = debugShipped(at: index, in: lines) {
                found.append((index, .buildConfiguration, shipped.change, shipped.lines))
            }
            found += movedAcrossAwait(at: index, in: lines)
            if let captured = capturedOnce(at: index, in: lines) {
                found.append((index, .capturedOnce, captured.change, captured.lines))
            }
            if line.code.hasPrefix("throw "), line.isSelfContained, line.skeleton != nil,
                Mutator.isWholeStatement(at: index, in: lines)
            {
                var changed = original
                changed[index] = ""
                found.append((index, .errorPath, "removed '\(shortened(line.written))'", changed))
            }
        }
        return found
    }

    // MARK: - One line

    static func lineMutations(
        _ line: SourceLine, at index: Int, in lines: [SourceLine], properties: [(name: String, type: String)],
        members: Set<Pair>,
        context: Context
    ) -> [(Mutant.Kind, String, String)] {
        var result: [(Mutant.Kind, String, String)] = []
        // Error paths: an error swallowed where it should reach the caller.
        for range in line.codeRanges(of: /\btry(?=\s)/) {
            result.append((.errorPath, "'try' → 'try?'", line.replacing(range, with: "try?")))
        }
        // Isolation.
        for range in line.codeRanges(of: /@MainActor(\s+in\b)?\s*/) {
            let shown = String(line.characters[range]).trimmingCharacters(in: .whitespaces)
            result.append((.isolation, "removed '\(shown)'", line.replacing(range, with: "")))
        }
        for range in line.codeRanges(of: /\bnonisolated(\([a-z]+\))?\s+/) {
            let shown = String(line.characters[range]).trimmingCharacters(in: .whitespaces)
            result.append((.isolation, "removed '\(shown)'", line.replacing(range, with: "")))
        }
        for range in line.codeRanges(of: /\bTask(?=\s*\{)/) where !line.follows(range, with: ".") {
            result.append((.isolation, "'Task' → 'Task.detached'", line.replacing(range, with: "Task.detached")))
        }
        for match in line.codeMatches(of: /(?:([A-Za-z_][A-Za-z0-9_.]*)\.)?\$([A-Za-z_][A-Za-z0-9_]*)\.withValue\(/) {
            // The task-local bound to the value it already has: the binding does nothing.
            guard let argument = line.argument(startingAt: match.range.upperBound) else { continue }
            let owner = match.captures[0].map { "\($0)." } ?? ""
            let current = owner + (match.captures[1] ?? "")
            result.append(
                (.isolation, "'\(current)' bound to itself", line.replacing(argument, with: current)))
        }
        // An actor made a class (the compiler's complaints silenced the wrong way), or a class an
        // actor.
        if line.leadingKeyword == "actor", let range = line.codeRanges(of: /\bactor(?=\s+[A-Z])/).first {
            result.append((.actorClass, "'actor' → 'final class'", line.replacing(range, with: "final class")))
        }
        if line.leadingKeyword == "class", !line.words.contains("open"),
            let range = line.codeRanges(of: /\bfinal\s+class(?=\s+[A-Z])/).first
        {
            result.append((.actorClass, "'final class' → 'actor'", line.replacing(range, with: "actor")))
        }
        // Memory.
        for range in line.codeRanges(of: /\bweak\s+/) {
            result.append((.memory, "removed 'weak'", line.replacing(range, with: "")))
        }
        // Access: a way in that the lesson shuts (a setter, a second instance, a static).
        for range in line.codeRanges(of: /\b(?:fileprivate|private)\(set\)\s+/) {
            let shown = String(line.characters[range]).trimmingCharacters(in: .whitespaces)
            result.append((.access, "removed '\(shown)'", line.replacing(range, with: "")))
        }
        if let keyword = line.leadingKeyword, keyword == "init" || line.words.contains("static"),
            keyword != "case", !line.words.contains("public"), !line.words.contains("open")
        {
            if let range = line.codeRanges(of: /\b(?:fileprivate|private|internal|package)\s+/).first {
                let shown = String(line.characters[range]).trimmingCharacters(in: .whitespaces)
                result.append((.access, "'\(shown)' → 'public'", line.replacing(range, with: "public ")))
            } else if let start = line.declarationStart {
                result.append((.access, "made 'public'", line.replacing(start..<start, with: "public ")))
            }
        }
        // Default arguments: a parameter that loses its default.
        for range in line.defaultArguments(previous: lines[..<index].last { !$0.code.isEmpty }?.code) {
            let shown = String(line.characters[range]).trimmingCharacters(in: .whitespaces)
            result.append((.defaultArgument, "removed '\(shortened(shown))'", line.replacing(range, with: "")))
        }
        // Keys: a dictionary looked up by another field of the same value.
        for match in line.codeMatches(of: /\[([a-z_][A-Za-z0-9_]*)(?:\.([a-z_][A-Za-z0-9_]*))?\]/)
        where line.precededByAny(of: SourceLine.wordCharacters + ")]?!", match.range) {
            guard let base = match.captures[0] else { continue }
            let member = match.captures[1]
            var keys = members.filter { $0.base == base && $0.member != member }.map { "\(base).\($0.member)" }.sorted()
            if member != nil { keys.insert(base, at: 0) }
            let key = member.map { "\(base).\($0)" } ?? base
            for other in keys.prefix(3) {
                result.append(
                    (.keys, "key '\(key)' → '\(other)'", line.replacing(match.range, with: "[\(other)]")))
            }
        }
        // Reaching for the singleton instead of what was injected.
        if !line.isDeclaration {
            for (name, type) in properties {
                let uses = line.codeRanges(of: try! Regex("(?:self\\.)?\\b\(name)(?=[.?])")).filter {
                    !line.precededByAny(of: SourceLine.wordCharacters + ".$", $0)
                }
                guard !uses.isEmpty else { continue }
                for singleton in context.singletons
                where sharesAName(type, singletonType(singleton)) || sharesAName(name, singletonType(singleton)) {
                    var text = line.text
                    for range in uses.reversed() {
                        text = SourceLine.replacing(range, in: Array(text), with: singleton)
                    }
                    result.append((.singletonReach, "'\(name)' → '\(singleton)'", text))
                }
            }
            for match in line.codeMatches(of: /\bCurrent\.([A-Za-z_][A-Za-z0-9_]*)/) {
                guard let member = match.captures[0] else { continue }
                if ["now", "date"].contains(member), line.follows(match.range, with: "()") {
                    let call = match.range.lowerBound..<(match.range.upperBound + 2)
                    result.append(
                        (.singletonReach, "'Current.\(member)()' → 'Date()'", line.replacing(call, with: "Date()")))
                    continue
                }
                for singleton in context.singletons where sharesAName(member, singletonType(singleton)) {
                    result.append(
                        (
                            .singletonReach, "'Current.\(member)' → '\(singleton)'",
                            line.replacing(match.range, with: singleton)
                        ))
                }
            }
        }
        return result
    }

    // MARK: - Whole steps and blocks

    /// Each of the learner's changes put back as the starter has it, when it changes code (not
    /// only comments).
    static func undoneSteps(_ lines: [SourceLine], context: Context) -> [Found] {
        let original = lines.map(\.text)
        let ending = original.last == "" ? [""] : []
        let body = ending.isEmpty ? original : Array(original.dropLast())
        var found: [Found] = []
        for hunk in context.learnerLines.hunks {
            guard hunk.solution.upperBound <= body.count else { continue }
            let solutionCode = lines[hunk.solution].map(\.code).filter { !$0.isEmpty }
            let starterEnd = hunk.starterStart + hunk.starter.count
            let starterCode =
                starterEnd <= context.starterCode.count
                ? context.starterCode[hunk.starterStart..<starterEnd].filter { !$0.isEmpty } : []
            guard solutionCode != starterCode, !(solutionCode.isEmpty && starterCode.isEmpty) else { continue }
            var changed = body
            changed.replaceSubrange(hunk.solution, with: hunk.starter)
            let shown =
                hunk.starter.isEmpty
                ? "step undone: lines \(hunk.solution.lowerBound + 1)–\(hunk.solution.upperBound) removed"
                : "step undone: the starter's lines \(hunk.starterStart + 1)–\(starterEnd) put back"
            found.append((min(hunk.solution.lowerBound, max(body.count - 1, 0)), .undoneStep, shown, changed + ending))
        }
        return found
    }

    /// The `#if DEBUG` block starting at `index` compiled into every build: its `#else` branch
    /// (if any) and the directives gone.
    static func debugShipped(at index: Int, in lines: [SourceLine]) -> (change: String, lines: [String])? {
        var depth = 0
        var elseLine: Int?
        for position in (index + 1)..<lines.count {
            let code = lines[position].code
            if code.hasPrefix("#if") {
                depth += 1
            } else if code.hasPrefix("#endif") {
                if depth == 0 {
                    var changed = lines.map(\.text)
                    let dropped = (elseLine ?? position)...position
                    for removed in dropped { changed[removed] = "" }
                    changed[index] = ""
                    return ("'#if DEBUG' block (to line \(position + 1)) in every build", changed)
                }
                depth -= 1
            } else if depth == 0, code.hasPrefix("#else") || code.hasPrefix("#elseif") {
                elseLine = elseLine ?? position
            }
        }
        return nil
    }

    /// The simple statements near the `await` on line `index` (in its block, at most three
    /// statements away) moved across it: one before it moved after, one after it moved before.
    /// Walking up, the walk leaves a `do {` for the block around it, so work done before the `do`
    /// can move in after the wait. A move that the mechanical swap already makes (two neighbours)
    /// is left to it.
    static func movedAcrossAwait(at index: Int, in lines: [SourceLine]) -> [Found] {
        let line = lines[index]
        guard line.words.contains("await"), line.isSimpleStatement, Mutator.isWholeStatement(at: index, in: lines)
        else { return [] }
        let original = lines.map(\.text)
        let shownAwait = shortened(line.code)
        let indentation = String(line.text.prefix { $0 == " " })
        var found: [Found] = []
        for step in [-1, 1] {
            var position = index
            var blockIndentation = line.indentation
            var statements = 0
            while statements < 3 {
                var next = position + step
                while next >= 0, next < lines.count, lines[next].code.isEmpty, !lines[next].isDirective { next += step }
                guard next >= 0, next < lines.count else { break }
                position = next
                let candidate = lines[next]
                if step < 0, candidate.code == "do {", candidate.indentation < blockIndentation {
                    blockIndentation = candidate.indentation
                    continue
                }
                guard isStatement(at: next, in: lines, indentation: blockIndentation) else { break }
                statements += 1
                guard candidate.isSimpleStatement, !candidate.words.contains("await") else { continue }
                // Neither may use a name declared by what it moves across.
                if step < 0 {
                    if let name = candidate.declaredName,
                        lines[(next + 1)...index].contains(where: { $0.words.contains(name) })
                    {
                        continue
                    }
                    if Mutator.swapPartner(of: next, in: lines) == index { continue }
                } else {
                    if lines[index..<next].compactMap(\.declaredName).contains(where: candidate.words.contains) {
                        continue
                    }
                    if Mutator.swapPartner(of: index, in: lines) == next { continue }
                }
                var changed = original
                let moved = indentation + changed.remove(at: next).drop { $0 == " " }
                // After the removal, `index` is the slot just after the await (moving down) or the
                // await itself (moving up).
                changed.insert(moved, at: index)
                let direction = step < 0 ? "after" : "before"
                found.append((next, .suspensionOrder, "moved \(direction) '\(shownAwait)'", changed))
            }
        }
        return found
    }

    /// Whether line `position` is a whole, one-line statement of the block indented by
    /// `indentation` (not a brace, a directive, or a line that continues another).
    static func isStatement(at position: Int, in lines: [SourceLine], indentation: Int) -> Bool {
        let candidate = lines[position]
        return candidate.indentation == indentation && candidate.isSelfContained && !candidate.isDirective
            && candidate.code.contains(where: \.isLetter) && !candidate.code.hasPrefix("}")
            && !candidate.code.hasSuffix("{") && (!candidate.isDeclaration || candidate.isSimpleStatement)
            && Mutator.isWholeStatement(at: position, in: lines)
    }

    /// A computed property on line `index` (`var now: Date { clock() }`, on one line or three)
    /// made a stored `let`: a global or a static is then read once, at first use; an instance's at
    /// init.
    static func capturedOnce(at index: Int, in lines: [SourceLine]) -> (change: String, lines: [String])? {
        let line = lines[index]
        guard line.leadingKeyword == "var", line.text.trimmingCharacters(in: .whitespaces) == line.code,
            let head = line.code.firstMatch(of: /^(.*?\b)var\s+([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([^={]+?)\s*\{\s*(.*)$/)
        else { return nil }
        let prefix = String(line.text.prefix { $0 == " " }) + String(head.1)
        let declared = "let \(head.2): \(head.3) = "
        var changed = lines.map(\.text)
        var body = String(head.4)
        if body.hasSuffix("}") {
            body = String(body.dropLast()).trimmingCharacters(in: .whitespaces)
        } else {
            guard body.isEmpty, index + 2 < lines.count else { return nil }
            let inner = lines[index + 1]
            let closing = lines[index + 2]
            guard inner.text.trimmingCharacters(in: .whitespaces) == inner.code, inner.isSelfContained,
                closing.code == "}"
            else { return nil }
            body = inner.code
            changed[index + 1] = ""
            changed[index + 2] = ""
        }
        if body.hasPrefix("return ") { body = String(body.dropFirst(7)) }
        let first = body.split(separator: " ").first.map(String.init) ?? ""
        guard !body.isEmpty, !["get", "set", "willSet", "didSet", "get}"].contains(first), !body.contains("{") else {
            return nil
        }
        changed[index] = prefix + declared + body
        return ("'var \(head.2)' computed → 'let' stored once", changed)
    }

    // MARK: - Helpers

    /// The stored properties of the file's types that hold a dependency: `let store: any UserStoring`.
    static func storedProperties(in lines: [SourceLine]) -> [(name: String, type: String)] {
        var result: [(String, String)] = []
        for line in lines where line.isDeclaration || line.leadingKeyword == "let" || line.leadingKeyword == "var" {
            guard !line.words.contains("static"),
                let match = line.code.firstMatch(
                    of:
                        /\b(?:let|var)\s+([a-z_][A-Za-z0-9_]*)\s*:\s*(?:any\s+|some\s+)?\(?(?:any\s+)?([A-Z][A-Za-z0-9_]*)/
                )
            else { continue }
            let entry = (String(match.1), String(match.2))
            if !result.contains(where: { $0.0 == entry.0 }) { result.append(entry) }
        }
        return result
    }

    /// The singletons a chapter's code reaches for: `Type.shared` and its kin, as written.
    static func singletons(in texts: [String]) -> [String] {
        var found = Set<String>()
        for text in texts {
            for line in SourceLine.scan(text) {
                for match in line.codeMatches(
                    of: /\b([A-Z][A-Za-z0-9_]*)\.(shared|sharedInstance|standard|default|current)\b(?!\s*=)/)
                where !line.isDeclaration {
                    found.insert(String(line.characters[match.range]))
                }
            }
        }
        return found.sorted()
    }

    static func singletonType(_ singleton: String) -> String {
        String(singleton.prefix { $0 != "." })
    }

    /// Whether two names share a run of five letters or more, ignoring case: `any UserStoring` and
    /// `UserStorage`, `database` and `DatabaseManager`.
    static func sharesAName(_ first: String, _ second: String) -> Bool {
        let a = Array(first.lowercased())
        let b = Array(second.lowercased())
        let run = 5
        guard a.count >= run, b.count >= run else { return false }
        var previous = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            for j in 1...b.count where a[i - 1] == b[j - 1] && a[i - 1].isLetter {
                current[j] = previous[j - 1] + 1
                if current[j] >= run { return true }
            }
            previous = current
        }
        return false
    }

    static func shortened(_ text: String) -> String {
        text.count > 50 ? String(text.prefix(49)) + "…" : text
    }
}

extension SourceLine {
    static let wordCharacters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"

    struct Match {
        var range: Range<Int>
        var captures: [String?]
    }

    /// Each match of `regex` that lies wholly in code, as character offsets, with its captures.
    func codeMatches<Output>(of regex: Regex<Output>) -> [Match] {
        let string = String(characters)
        var result: [Match] = []
        // Simple word boundaries: by default `\b` follows Unicode's word rules, where
        // `ImageCache.shared` is one word.
        for match in string.matches(of: regex.wordBoundaryKind(.simple)) {
            let lower = string.distance(from: string.startIndex, to: match.range.lowerBound)
            let upper = string.distance(from: string.startIndex, to: match.range.upperBound)
            guard lower < upper, (lower..<upper).allSatisfy({ isCode[$0] }) else { continue }
            let erased = AnyRegexOutput(match)
            let captures = erased.dropFirst().map { $0.substring.map(String.init) }
            result.append(Match(range: lower..<upper, captures: Array(captures)))
        }
        return result
    }

    func codeRanges<Output>(of regex: Regex<Output>) -> [Range<Int>] {
        codeMatches(of: regex).map(\.range)
    }

    func replacing(_ range: Range<Int>, with replacement: String) -> String {
        Self.replacing(range, in: characters, with: replacement)
    }

    static func replacing(_ range: Range<Int>, in characters: [Character], with replacement: String) -> String {
        String(characters[..<range.lowerBound]) + replacement + String(characters[range.upperBound...])
    }

    /// Whether the text right after `range` is `text`.
    func follows(_ range: Range<Int>, with text: String) -> Bool {
        let wanted = Array(text)
        let end = range.upperBound + wanted.count
        return end <= characters.count && Array(characters[range.upperBound..<end]) == wanted
    }

    /// The first argument of a call whose `(` ends just before `start`: up to the first `,` or `)`
    /// outside brackets.
    func argument(startingAt start: Int) -> Range<Int>? {
        var depth = 0
        var position = start
        while position < characters.count {
            let character = characters[position]
            if isCode[position] {
                if "([{".contains(character) {
                    depth += 1
                } else if ")]}".contains(character) {
                    if depth == 0 { return start < position ? start..<position : nil }
                    depth -= 1
                } else if character == ",", depth == 0 {
                    return start < position ? start..<position : nil
                }
            }
            position += 1
        }
        return nil
    }

    /// Whether the line declares something (a type, a function, a property), after its attributes
    /// and modifiers.
    var isDeclaration: Bool {
        guard let keyword = leadingKeyword else { return false }
        if Self.declarationKeywords.contains(keyword) { return true }
        return ["let", "var"].contains(keyword) && code.contains(/\b(?:let|var)\s+[A-Za-z_][A-Za-z0-9_]*\s*:/)
    }

    /// Whether the character just before `range` is one of `characters` (false at the start).
    func precededByAny(of set: String, _ range: Range<Int>) -> Bool {
        range.lowerBound > 0 && set.contains(characters[range.lowerBound - 1])
    }

    /// Where the declaration's modifiers or keyword begin, after its attributes.
    var declarationStart: Int? {
        var position = 0
        while position < characters.count {
            while position < characters.count, characters[position] == " " || characters[position] == "\t" {
                position += 1
            }
            guard position < characters.count, isCode[position] else { return nil }
            guard characters[position] == "@" else { return position }
            position += 1
            while position < characters.count, characters[position].isLetter || characters[position] == "_" {
                position += 1
            }
            if position < characters.count, characters[position] == "(" {
                guard let close = characters[position...].firstIndex(of: ")") else { return nil }
                position = close + 1
            }
        }
        return nil
    }

    /// `a.b` accesses in the code (not calls): what a dictionary could be keyed by.
    var memberAccesses: [(base: String, member: String)] {
        codeMatches(of: /\b([a-z_][A-Za-z0-9_]*)\.([a-z_][A-Za-z0-9_]*)\b(?!\s*\()/).compactMap {
            guard !precededByAny(of: Self.wordCharacters + ".$", $0.range), let base = $0.captures[0],
                let member = $0.captures[1], base != "self"
            else { return nil }
            return (base, member)
        }
    }

    /// The ` = value` of each parameter with a default on this line: on a function's or an
    /// initialiser's line, or on a line of a parameter list that runs over several lines.
    func defaultArguments(previous: String?) -> [Range<Int>] {
        let opensParameters = leadingKeyword == "init" || leadingKeyword == "func"
        let inParameterList =
            (previous?.hasSuffix("(") == true || previous?.hasSuffix(",") == true)
            && code.wholeMatch(of: /(?:[a-z_][A-Za-z0-9_]*\s+)?[a-z_][A-Za-z0-9_]*\s*:[^=]+=\s*.+,?\)?\s*(?:\{)?/)
                != nil
            && !["let", "var", "case", "return"].contains(leadingKeyword ?? "")
        guard opensParameters || inParameterList else { return [] }
        var ranges: [Range<Int>] = []
        var depth = 0
        var position = 0
        while position < characters.count {
            let character = characters[position]
            guard isCode[position] else {
                position += 1
                continue
            }
            if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                depth -= 1
            } else if character == "=", position > 0, characters[position - 1] == " ",
                position + 1 < characters.count, characters[position + 1] == " ",
                depth == (opensParameters ? 1 : 0)
            {
                // The default runs to the next `,` or `)` at this depth.
                var end = position + 1
                var inner = 0
                while end < characters.count {
                    let next = characters[end]
                    if isCode[end] {
                        if "([{".contains(next) {
                            inner += 1
                        } else if ")]}".contains(next) {
                            if inner == 0 { break }
                            inner -= 1
                        } else if next == ",", inner == 0 {
                            break
                        }
                    }
                    end += 1
                }
                ranges.append((position - 1)..<end)
                position = end
                continue
            }
            position += 1
        }
        return ranges
    }
}
