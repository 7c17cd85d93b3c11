import Foundation
import Testing

/// How the chapter's code is compiled for a compile check.
public enum BuildConfiguration: Sendable, CustomStringConvertible {
    /// The chapter's module exactly as the tests use it: a debug build, where `DEBUG` is set.
    case debug
    /// The chapter's sources compiled as a release build would: without the `DEBUG` condition,
    /// so code inside `#if DEBUG` is gone.
    case release

    public var description: String {
        switch self {
        case .debug: "a debug build"
        case .release: "a release build (without DEBUG)"
        }
    }
}

/// Where a compile check puts the snippet.
public enum SnippetPlace: Sendable, CustomStringConvertible {
    /// In a file of another module that begins with `import ChapterN`: what any other module of
    /// the app (or the tests, with a plain `import`) can do.
    case anotherModule
    /// In one more file of the chapter's own module: what the rest of the chapter's code can do.
    /// Access levels such as `internal` and `internal(set)` let this code through where
    /// ``anotherModule`` is refused; `private` and `fileprivate` stop both.
    case insideTheModule

    public var description: String {
        switch self {
        case .anotherModule: "from another module"
        case .insideTheModule: "inside the chapter's own module"
        }
    }
}

/// Expects `snippet` not to compile against this chapter's code, with an error that mentions
/// `phrase`.
///
/// By default the snippet is compiled as a file of another module that starts with
/// `import ChapterN` (the chapter is worked out from the calling test's module); with
/// `from: .insideTheModule` it is compiled as one more file of the chapter's own module. Either
/// way in Swift 6 language mode, as library code: write declarations, such as a function, not
/// top-level statements.
///
/// Requiring a phrase keeps the check honest: a snippet that fails for some other reason (a typo,
/// a missing type) does not count as the lesson's error.
public func expectDoesNotCompile(
    _ snippet: String,
    mentioning phrase: String,
    in configuration: BuildConfiguration = .debug,
    from place: SnippetPlace = .anotherModule,
    _ comment: Comment? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    let check = CompileCheck.Request(
        snippet: snippet, configuration: configuration, place: place, comment: comment, fileID: fileID,
        filePath: filePath, sourceLocation: sourceLocation)
    guard let outcome = await check.run() else { return }
    if outcome.succeeded {
        check.fail(
            "This code compiles, \(place), in \(configuration), but it should not:\n" + outcome.numberedSnippet)
    } else if !outcome.errors.contains(where: { $0.localizedCaseInsensitiveContains(phrase) }) {
        check.fail(
            "This code does not compile, \(place), in \(configuration), as expected, but not for the expected reason: "
                + "no error mentions \"\(phrase)\".\n" + outcome.numberedSnippet + "\nThe compiler said:\n"
                + outcome.compilerOutput)
    }
}

/// Expects `snippet` to compile against this chapter's code. On failure, the message shows the
/// compiler's own words. See ``expectDoesNotCompile(_:mentioning:in:_:fileID:filePath:sourceLocation:)``
/// for how the snippet is compiled.
public func expectCompiles(
    _ snippet: String,
    in configuration: BuildConfiguration = .debug,
    from place: SnippetPlace = .anotherModule,
    _ comment: Comment? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    let check = CompileCheck.Request(
        snippet: snippet, configuration: configuration, place: place, comment: comment, fileID: fileID,
        filePath: filePath, sourceLocation: sourceLocation)
    guard let outcome = await check.run() else { return }
    if !outcome.succeeded {
        check.fail(
            "This code should compile, \(place), in \(configuration), but it does not:\n" + outcome.numberedSnippet
                + "\nThe compiler said:\n" + outcome.compilerOutput)
    }
}

extension CompileCheck {
    /// One call of `expectCompiles` or `expectDoesNotCompile`: what to compile, and where to report.
    struct Request {
        var snippet: String
        var configuration: BuildConfiguration
        var place: SnippetPlace
        var comment: Comment?
        var fileID: String
        var filePath: String
        var sourceLocation: SourceLocation

        /// The compiler's verdict, or `nil` (with an issue recorded) when the check could not run.
        func run() async -> CompileOutcome? {
            do {
                return try await CompileCheck(fileID: fileID, filePath: filePath).compile(
                    snippet, in: configuration, from: place)
            } catch let error as CompileCheckError where error.isTheChaptersCode {
                // Not the tool's fault: the learner's code itself does not build this way.
                let intro = comment.map { "\($0.rawValue)\n\n" } ?? ""
                Issue.record(Comment(rawValue: intro + error.description), sourceLocation: sourceLocation)
                return nil
            } catch {
                Issue.record("The compile check could not run: \(error)", sourceLocation: sourceLocation)
                return nil
            }
        }

        /// Records a failure: the test's own explanation first, then what the compiler made of it.
        func fail(_ details: String) {
            let intro = comment.map { "\($0.rawValue)\n\n" } ?? ""
            Issue.record(Comment(rawValue: intro + details), sourceLocation: sourceLocation)
        }
    }
}

/// What the compiler made of a snippet.
struct CompileOutcome {
    var succeeded: Bool
    /// The text of each error the compiler reported, without file and line.
    var errors: [String]
    /// Everything the compiler printed, with temporary paths shortened to the file name.
    var compilerOutput: String
    /// The file that was compiled, with line numbers, as the compiler's messages refer to them.
    var numberedSnippet: String
}

/// Compiles small snippets against one chapter's code with the toolchain's `swiftc`.
///
/// It never calls SwiftPM: in a debug check, it reads the module SwiftPM already built for the
/// running tests; in a release check, it compiles the chapter's sources itself, without `DEBUG`.
struct CompileCheck {
    /// `Chapter3`: the module the snippet imports.
    let chapterModule: String
    /// `Chapter3` or `Chapter3Solution`: the module that holds the code under test.
    let moduleUnderTest: String
    /// The calling test file, used to find the package and the chapter's sources.
    let testFile: URL

    init(fileID: String, filePath: String) throws {
        // `#fileID` is "Chapter3Tests/SomeTests.swift": the test module names the chapter.
        let testModule = String(fileID.prefix { $0 != "/" })
        guard testModule.hasPrefix("Chapter"), testModule.hasSuffix("Tests") else {
            throw CompileCheckError("compile checks belong in a chapter's tests, not in \(testModule)")
        }
        chapterModule = String(testModule.dropLast("Tests".count))
        #if WORKBOOK_SOLUTIONS
            moduleUnderTest = chapterModule + "Solution"
        #else
            moduleUnderTest = chapterModule
        #endif
        testFile = URL(fileURLWithPath: filePath)
    }

    func compile(
        _ snippet: String, in configuration: BuildConfiguration, from place: SnippetPlace
    ) async throws -> CompileOutcome {
        let toolchain = try Toolchain.current()
        let workspace = try TemporaryFolder(prefix: "compile-check")
        defer { workspace.remove() }

        var arguments =
            toolchain.platformArguments + [
                "-swift-version", "6", "-parse-as-library", "-diagnostic-style", "llvm",
                "-module-cache-path", try moduleCache(fallback: workspace.url).path,
            ]
        let source: String
        var files: [URL] = []
        switch place {
        case .anotherModule:
            source = "import \(chapterModule)\n\n" + snippet.trimmingCharacters(in: .newlines)
            switch configuration {
            case .debug:
                let modules = try BuildProducts.modulesDirectory(containing: moduleUnderTest)
                arguments += ["-I", modules.path]
                if moduleUnderTest != chapterModule {
                    arguments += ["-module-alias", "\(chapterModule)=\(moduleUnderTest)"]
                }
            case .release:
                let modules = try await buildReleaseModule(
                    toolchain: toolchain, into: workspace.url, arguments: arguments)
                arguments += ["-I", modules.path]
            }
        case .insideTheModule:
            // One more file of the chapter's module: the chapter's sources and the snippet are
            // compiled together, as SwiftPM compiles the module, with `DEBUG` only in a debug build.
            source = snippet.trimmingCharacters(in: .newlines)
            arguments += ["-module-name", chapterModule, "-wmo"] + (try Toolchain.worldArguments())
            if configuration == .debug { arguments += ["-D", "DEBUG"] }
            files = try chapterSources()
        }

        let file = workspace.url.appendingPathComponent("Snippet.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        // `-emit-sil` runs the checks that come after type checking too (data-race and
        // initialisation diagnostics among them); the SIL itself is thrown away.
        let result = try await runCompiler(
            [toolchain.swiftc] + arguments + ["-emit-sil", "-o", toolchain.nullDevice] + files.map(\.path)
                + [file.path],
            in: workspace.url)
        var output = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: workspace.url.path + "/", with: "")
        if let root = files.first.map(packageRoot(ofSource:)) {
            output = output.replacingOccurrences(of: root.path + "/", with: "")
        }
        let snippetErrors = Self.errors(in: output, file: file.lastPathComponent)
        if !result.succeeded && snippetErrors.isEmpty && place == .insideTheModule {
            // The snippet is fine; the chapter's own code is not.
            throw CompileCheckError(
                "The chapter's own code does not compile \(place), \(configuration), so this rule cannot be "
                    + "checked yet. The compiler said:\n\(output)", isTheChaptersCode: true)
        }
        return CompileOutcome(
            succeeded: result.succeeded,
            errors: snippetErrors,
            compilerOutput: output.isEmpty ? "(nothing)" : output,
            numberedSnippet: Self.numbered(source))
    }

    /// Compiles the chapter's own sources, without `DEBUG`, into a module in `folder`.
    func buildReleaseModule(toolchain: Toolchain, into folder: URL, arguments: [String]) async throws -> URL {
        let sources = try chapterSources()
        let modules = folder.appendingPathComponent("release-modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        let result = try await runCompiler(
            [toolchain.swiftc] + arguments + (try Toolchain.worldArguments()) + [
                // Whole-module: one frontend job for all the chapter's files, several times faster.
                "-emit-module", "-wmo", "-module-name", chapterModule,
                "-emit-module-path", modules.appendingPathComponent("\(chapterModule).swiftmodule").path,
            ] + sources.map(\.path),
            in: folder)
        guard result.succeeded else {
            throw CompileCheckError(
                "The chapter's own code does not compile as a release build (without DEBUG), so this rule cannot "
                    + "be checked yet. A release build is what ships: whatever is inside `#if DEBUG` is gone there, "
                    + "and the rest must still compile. The compiler said:\n\(result.output)", isTheChaptersCode: true)
        }
        return modules
    }

    /// The package root, from a source file of a chapter (`<root>/Chapters/<folder>/File.swift`).
    private func packageRoot(ofSource file: URL) -> URL {
        file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The Swift files of the code under test, found from the test file's place in the package.
    private func chapterSources() throws -> [URL] {
        // …/Tests/ChapterNTests/File.swift → the package root is two folders up.
        let root = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        #if WORKBOOK_SOLUTIONS
            let parent = root.appendingPathComponent("Solutions")
        #else
            let parent = root.appendingPathComponent("Chapters")
        #endif
        let fileManager = FileManager.default
        let folders = try fileManager.contentsOfDirectory(atPath: parent.path)
            .filter { $0 == chapterModule || $0.hasPrefix(chapterModule + "-") }
        guard folders.count == 1, let folder = folders.first else {
            throw CompileCheckError("cannot find the one folder of \(chapterModule) in \(parent.path)")
        }
        let chapterFolder = parent.appendingPathComponent(folder)
        var sources: [URL] = []
        let walker = fileManager.enumerator(at: chapterFolder, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            // Test doubles the learner writes belong to the tests, and a solution's catalogue of other
            // designs to nobody: neither is part of the chapter's module.
            if url.lastPathComponent == "TestDoubles" || url.lastPathComponent == "Catalogue" {
                walker?.skipDescendants()
            } else if url.pathExtension == "swift" {
                sources.append(url)
            }
        }
        guard !sources.isEmpty else { throw CompileCheckError("no Swift files in \(chapterFolder.path)") }
        return sources.sorted { $0.path < $1.path }
    }

    /// SwiftPM's module cache for this build, so that system modules are not rebuilt for every check.
    func moduleCache(fallback: URL) throws -> URL {
        if let modules = try? BuildProducts.modulesDirectory(containing: moduleUnderTest) {
            for candidate in [modules.deletingLastPathComponent(), modules] {
                let cache = candidate.appendingPathComponent("ModuleCache")
                if FileManager.default.fileExists(atPath: cache.path) { return cache }
            }
        }
        return fallback.appendingPathComponent("ModuleCache")
    }

    /// The messages of the errors reported in `file`, from `-diagnostic-style llvm` output.
    static func errors(in output: String, file: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            guard line.hasPrefix(file + ":"), let range = line.range(of: ": error: ") else { return nil }
            return String(line[range.upperBound...])
        }
    }

    static func numbered(_ source: String) -> String {
        source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { String(format: "%3d | ", $0.offset + 1) + $0.element }
            .joined(separator: "\n")
    }
}

struct CompileCheckError: Error, CustomStringConvertible {
    let description: String
    /// Whether the chapter's code is what failed to compile, rather than the check itself.
    var isTheChaptersCode = false
    init(_ description: String, isTheChaptersCode: Bool = false) {
        self.description = description
        self.isTheChaptersCode = isTheChaptersCode
    }
}
