import Foundation
import WorkbookCore

/// The Swift code in the workbook's Markdown, as the verifier checks it: every fenced `swift` block
/// compiles, or fails with the error it says (see "Code in the Markdown is code" in
/// `Scripts/README.md` for the directives).
struct MarkdownCode {
    /// One fenced block of a Markdown file.
    struct Block: Equatable {
        /// The file, relative to the workbook, and the line of the opening fence.
        var file: String
        var line: Int
        /// The first word of the info string: `swift`, `text`, `sh`, or empty.
        var language: String
        /// The block's lines, without the indentation of its fence.
        var code: String
        /// The directive on the line above the fence (`<!-- swift: … -->`), if any.
        var directive: Directive
    }

    /// What a block's directive says.
    struct Directive: Equatable {
        var fails: String?
        var fragment = false
        var starter = false
        var chapter: Int?
        var noImport = false
        var main = false
        var flags: [String] = []
        /// `app world`: compiled with the app world's flags, as `Package.swift` sets them.
        var appWorld = false
        var context: String?
        /// What could not be read.
        var problems: [String] = []

        init() {}

        /// `fails "phrase"; starter; flags -default-isolation MainActor`
        init(_ text: String) {
            for part in text.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                let words = part.split(separator: " ", maxSplits: 1).map(String.init)
                let argument = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
                switch words.first ?? "" {
                case "fails":
                    let phrase = argument.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                    if phrase.isEmpty { problems.append("`fails` needs a phrase in quotes") } else { fails = phrase }
                case "fragment": fragment = true
                case "starter": starter = true
                case "chapter":
                    if let number = Int(argument) {
                        chapter = number
                    } else {
                        problems.append("`chapter` needs a number")
                    }
                case "no" where argument == "import": noImport = true
                case "main": main = true
                case "flags": flags += argument.split(separator: " ").map(String.init)
                case "app" where argument == "world": appWorld = true
                case "in":
                    if argument.isEmpty { problems.append("`in` needs a context name") } else { context = argument }
                case "": break
                default: problems.append("unknown directive `\(part)`")
                }
            }
        }
    }

    /// The blocks and contexts of one Markdown file.
    struct Document {
        var blocks: [Block] = []
        /// `<!-- swift-context NAME … -->`: code with a line `%%` where a block goes.
        var contexts: [String: String] = [:]
        var problems: [String] = []

        init(_ text: String, file: String) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var index = 0
            var previousContent: String?  // the last non-blank line before the current one
            while index < lines.count {
                let line = lines[index]
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("<!-- swift-context ") {
                    let name = trimmed.dropFirst("<!-- swift-context ".count).trimmingCharacters(in: .whitespaces)
                    var body: [String] = []
                    index += 1
                    while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "-->" {
                        body.append(lines[index])
                        index += 1
                    }
                    if !body.contains(where: { $0.trimmingCharacters(in: .whitespaces) == "%%" }) {
                        problems.append("\(file):\(index): the context \(name) has no line `%%` for the block")
                    }
                    contexts[name] = body.joined(separator: "\n")
                    index += 1
                    previousContent = nil
                    continue
                }
                if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                    let fence = String(trimmed.prefix { $0 == "`" || $0 == "~" })
                    let indent = line.prefix { $0 == " " }.count
                    let info = trimmed.dropFirst(fence.count).trimmingCharacters(in: .whitespaces)
                    let language = String(info.split(separator: " ").first ?? "").lowercased()
                    var body: [String] = []
                    let start = index + 1
                    index += 1
                    while index < lines.count {
                        let candidate = lines[index].trimmingCharacters(in: .whitespaces)
                        if candidate.hasPrefix(fence) && candidate.allSatisfy({ $0 == fence.first }) { break }
                        body.append(
                            String(lines[index].dropFirst(min(indent, lines[index].prefix { $0 == " " }.count))))
                        index += 1
                    }
                    var directive = Directive()
                    if let previous = previousContent, previous.hasPrefix("<!-- swift:"), previous.hasSuffix("-->") {
                        directive = Directive(String(previous.dropFirst("<!-- swift:".count).dropLast(3)))
                        problems += directive.problems.map { "\(file):\(start - 1): \($0)" }
                    }
                    blocks.append(
                        Block(
                            file: file, line: start, language: language, code: body.joined(separator: "\n"),
                            directive: directive))
                    index += 1
                    previousContent = nil
                    continue
                }
                if !trimmed.isEmpty { previousContent = trimmed }
                index += 1
            }
        }
    }

    /// A compile job: the file to compile and how.
    struct Job {
        var block: Block
        var source: String
        var fileName: String
        var arguments: [String]
        /// The module the chapter's import resolves to, when one is imported.
        var chapter: Int?
    }

    /// Where the modules the blocks import come from.
    struct Modules {
        /// `…/debug/Modules` of the solutions build and of the starters build.
        var solutions: URL
        var starters: URL
    }

    let workbook: Workbook
    let modules: Modules
    let scratch: URL
    /// Check only the Markdown of this chapter (the other chapters' modules may not be built).
    var onlyChapter: Int?

    /// The Markdown files to check: every `.md` of the workbook outside build folders.
    func markdownFiles() -> [String] {
        FileTree.paths(in: workbook.root).filter { path in
            path.hasSuffix(".md") && (onlyChapter == nil || chapter(of: path) == onlyChapter)
        }
    }

    /// The chapter a file belongs to, from its folder (`Chapters/Chapter3-…/`, `Solutions/Chapter3-…/`).
    func chapter(of file: String) -> Int? {
        workbook.chapter(owning: workbook.root.appendingPathComponent(file).path)?.number
    }

    /// Checks every block; returns the problems and counts.
    func check(jobs concurrency: Int = 2) async throws -> (problems: [String], compiled: Int, fragments: Int) {
        var problems: [String] = []
        var jobs: [Job] = []
        var fragments = 0
        var quotes: [(quote: Block, after: Block?)] = []
        for file in markdownFiles() {
            let text = try String(contentsOf: workbook.root.appendingPathComponent(file), encoding: .utf8)
            let document = Document(text, file: file)
            problems += document.problems
            var lastSwift: Block?
            for block in document.blocks {
                if block.language == "swift" {
                    lastSwift = block
                    if block.directive.fragment {
                        fragments += 1
                        continue
                    }
                    switch job(for: block, contexts: document.contexts) {
                    case .success(let job): jobs.append(job)
                    case .failure(let problem): problems.append(problem.description)
                    }
                } else if ["", "text"].contains(block.language), Self.quotesCompiler(block.code) {
                    quotes.append((block, lastSwift))
                }
            }
        }

        // Compile, `concurrency` at a time.
        var outcomes: [Int: (succeeded: Bool, output: String)] = [:]
        try await withThrowingTaskGroup(of: (Int, Bool, String).self) { group in
            var next = 0
            func start() {
                guard next < jobs.count else { return }
                let index = next
                let job = jobs[index]
                next += 1
                group.addTask {
                    let (succeeded, output) = try await compile(job)
                    return (index, succeeded, output)
                }
            }
            for _ in 0..<max(1, concurrency) { start() }
            while let (index, succeeded, output) = try await group.next() {
                outcomes[index] = (succeeded, output)
                start()
            }
        }

        var outputByBlock: [String: String] = [:]
        for (index, job) in jobs.enumerated() {
            guard let outcome = outcomes[index] else { continue }
            let place = "\(job.block.file):\(job.block.line)"
            outputByBlock[place] = outcome.output
            let errors = Self.errors(in: outcome.output, file: job.fileName)
            if let phrase = job.block.directive.fails {
                if outcome.succeeded {
                    problems.append("\(place): this block compiles, but its directive says it fails with \"\(phrase)\"")
                } else if !errors.contains(where: { $0.localizedCaseInsensitiveContains(phrase) }) {
                    problems.append(
                        "\(place): this block fails, but no error mentions \"\(phrase)\"; the compiler said:\n"
                            + Self.shorten(outcome.output))
                }
            } else if !outcome.succeeded {
                problems.append("\(place): this block does not compile:\n" + Self.shorten(outcome.output))
            } else if outcome.output.split(separator: "\n").contains(where: {
                $0.hasPrefix(job.fileName + ":") && $0.contains(": warning: ")
            }) {
                problems.append("\(place): this block compiles with warnings:\n" + Self.shorten(outcome.output))
            }
        }
        for (quote, after) in quotes {
            let place = "\(quote.file):\(quote.line)"
            guard let after, after.directive.fails != nil,
                let output = outputByBlock["\(after.file):\(after.line)"]
            else {
                problems.append(
                    "\(place): this block quotes the compiler, but no `fails` Swift block comes before it to produce it"
                )
                continue
            }
            let said = Self.normalized(output)
            for line in quote.code.split(separator: "\n").map(String.init) where Self.quotesCompiler(line) {
                if !said.contains(Self.normalized(line)) {
                    problems.append(
                        "\(place): the compiler does not say `\(line)` about the block at line \(after.line); it said:\n"
                            + Self.shorten(output))
                }
            }
        }
        return (problems, jobs.count, fragments)
    }

    /// How a block is compiled, or why it cannot be.
    func job(for block: Block, contexts: [String: String]) -> Result<Job, CommandError> {
        let directive = block.directive
        var code = block.code
        if let name = directive.context {
            guard let context = contexts[name] else {
                return .failure(CommandError("\(block.file):\(block.line): no context `\(name)` in this file"))
            }
            code = context.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) == "%%" ? code : String($0) }
                .joined(separator: "\n")
        }
        let chapter = directive.noImport ? nil : (directive.chapter ?? chapter(of: block.file))
        var arguments = ["-swift-version", "6", "-diagnostic-style", "llvm"]
        if !directive.main { arguments.append("-parse-as-library") }
        if let chapter {
            if directive.starter {
                arguments += ["-I", modules.starters.path]
            } else {
                arguments += [
                    "-I", modules.solutions.path, "-module-alias", "Chapter\(chapter)=Chapter\(chapter)Solution",
                ]
            }
            code = "import Chapter\(chapter)\n" + code
        } else {
            // Blocks about the workbook's test helpers import WorkbookSupport themselves.
            arguments += ["-I", modules.solutions.path]
        }
        arguments += directive.flags + (directive.appWorld ? WorkbookWorld.appCompilerFlags(of: workbook) : [])
        return .success(
            Job(
                block: block, source: code, fileName: directive.main ? "main.swift" : "Block.swift",
                arguments: arguments, chapter: chapter))
    }

    /// Compiles one job: whether it compiled, and what the compiler said (paths shortened).
    func compile(_ job: Job) async throws -> (Bool, String) {
        let folder = scratch.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(job.fileName)
        try job.source.write(to: file, atomically: true, encoding: .utf8)
        let compiler = try SwiftCompiler.current()
        let cache = scratch.appendingPathComponent("ModuleCache")
        let result = try await Command(
            [compiler.swiftc] + compiler.platformArguments + job.arguments + [
                "-module-cache-path", cache.path, "-emit-sil", "-o", "/dev/null", file.path,
            ], in: folder, timeLimit: .seconds(120)
        ).run()
        let output = result.output.replacingOccurrences(of: folder.path + "/", with: "")
        return (result.succeeded, output)
    }

    /// Whether a quoted text is compiler output: its first line starts with `error:` or `warning:`.
    static func quotesCompiler(_ text: String) -> Bool {
        let first = text.split(separator: "\n").first?.trimmingCharacters(in: .whitespaces) ?? ""
        return first.hasPrefix("error:") || first.hasPrefix("warning:")
    }

    /// The messages of the errors reported in `file`.
    static func errors(in output: String, file: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            guard line.hasPrefix(file + ":"), let range = line.range(of: ": error: ") else { return nil }
            return String(line[range.upperBound...])
        }
    }

    /// Compiler output without places and diagnostic groups, for comparing with a quote:
    /// `Block.swift:3:5: error: x [#Group]` → `error: x`.
    static func normalized(_ text: String) -> String {
        text.split(separator: "\n").map { line -> String in
            var line = String(line)
            for kind in ["error:", "warning:"] {
                if let range = line.range(of: kind) { line = String(line[range.lowerBound...]) }
            }
            if let group = line.range(of: " [#", options: .backwards) { line = String(line[..<group.lowerBound]) }
            return line.trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }

    static func shorten(_ output: String) -> String {
        let lines = output.split(separator: "\n").filter { $0.contains("error:") || $0.contains("warning:") }
        return lines.prefix(6).map { "      " + $0 }.joined(separator: "\n")
    }
}

/// The toolchain's compiler, for compiling snippets outside SwiftPM.
struct SwiftCompiler: Sendable {
    let swiftc: String
    /// What `swiftc` needs on this platform to import modules SwiftPM built.
    let platformArguments: [String]

    static func current() throws -> SwiftCompiler {
        try lookup.get()
    }

    private static let lookup: Result<SwiftCompiler, CommandError> = Result { () throws(CommandError) in
        do {
            let found = try SwiftCompilerLookup.find()
            return SwiftCompiler(swiftc: found.swiftc, platformArguments: found.platformArguments)
        } catch {
            throw CommandError("\(error)")
        }
    }
}
