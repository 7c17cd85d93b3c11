import Foundation
import Testing

/// One declaration of a chapter's module, as other code sees it.
public struct DeclaredSymbol: Sendable, CustomStringConvertible {
    /// The names from the module down, `["MessageBoard", "shared"]`.
    public var path: [String]
    /// What it is: `swift.init`, `swift.type.method`, `swift.property`, `swift.func`, `swift.var`…
    public var kind: String
    /// `public`, `open`, `package` or `internal`.
    public var accessLevel: String
    /// The declaration as it would be written, `public static let shared: MessageBoard`.
    public var declaration: String
    /// The types its use produces: an initialiser's type; a function's or subscript's return type; a
    /// property's or variable's type. Each is the written name (`Self` stands for the enclosing type).
    public var produces: [String]
    /// Where it is declared, when the compiler says: `MessageBoard.swift:12`.
    public var place: String?

    /// `MessageBoard.shared`.
    public var name: String { path.joined(separator: ".") }

    public var description: String { "`\(declaration)`" + (place.map { " (\($0))" } ?? "") }

    /// Whether using it hands out a value of type `typeName`.
    public func produces(_ typeName: String) -> Bool {
        produces.contains(typeName) || (produces.contains("Self") && path.dropLast().last == typeName)
    }
}

/// Reads the declarations of the chapter's module with the toolchain's `swift-symbolgraph-extract`,
/// from the module SwiftPM built for the running tests: how a test checks a promise about the
/// chapter's shape ("there is no other way to get a board") over every declaration there is,
/// rather than over the one spelling someone thought of. It never calls SwiftPM; it takes well
/// under a second.
public enum ModuleInterface {
    /// The chapter's declarations that code `place` can use: from another module, the `public` and
    /// `open` ones; inside the module, `internal` ones too.
    ///
    /// In `.release`, the chapter's sources are compiled without `DEBUG` first (as a release
    /// compile check does), so that what only debug builds have is gone.
    public static func declarations(
        visibleFrom place: SnippetPlace = .anotherModule, in configuration: BuildConfiguration = .debug,
        fileID: String = #fileID, filePath: String = #filePath
    ) async throws -> [DeclaredSymbol] {
        let check = try CompileCheck(fileID: fileID, filePath: filePath)
        let toolchain = try Toolchain.current()
        let workspace = try TemporaryFolder(prefix: "module-interface")
        defer { workspace.remove() }
        let modules: URL
        var moduleName = check.moduleUnderTest
        switch configuration {
        case .debug:
            modules = try BuildProducts.modulesDirectory(containing: check.moduleUnderTest)
        case .release:
            // The same module cache for the build and the reading, as for a debug check.
            let debugModules = try BuildProducts.modulesDirectory(containing: check.moduleUnderTest)
            let cache = debugModules.deletingLastPathComponent().appendingPathComponent("SymbolGraphModuleCache")
            modules = try await check.buildReleaseModule(
                toolchain: toolchain, into: workspace.url,
                arguments: toolchain.platformArguments + [
                    "-swift-version", "6", "-parse-as-library", "-module-cache-path", cache.path,
                ])
            moduleName = check.chapterModule
        }
        let extractor = URL(fileURLWithPath: toolchain.swiftc).deletingLastPathComponent()
            .appendingPathComponent("swift-symbolgraph-extract").path
        // A module cache of its own, in the build folder: SwiftPM's is reached through two paths
        // (`debug` is a link), which this tool counts as two caches.
        let cache = try BuildProducts.modulesDirectory(containing: check.moduleUnderTest).deletingLastPathComponent()
            .appendingPathComponent("SymbolGraphModuleCache")
        let arguments =
            [
                extractor, "-module-name", moduleName, "-I", modules.path, "-output-dir",
                workspace.url.appendingPathComponent("graphs").path, "-minimum-access-level",
                place == .anotherModule ? "public" : "internal",
                "-module-cache-path", cache.path,
            ] + toolchain.symbolGraphTarget
        try FileManager.default.createDirectory(
            at: workspace.url.appendingPathComponent("graphs"), withIntermediateDirectories: true)
        let result = try await runCompiler(arguments, in: workspace.url)
        guard result.succeeded else {
            throw CompileCheckError(
                "swift-symbolgraph-extract could not read \(moduleName):\n\(result.output)")
        }
        var symbols: [DeclaredSymbol] = []
        let graphs = workspace.url.appendingPathComponent("graphs")
        for file in try FileManager.default.contentsOfDirectory(atPath: graphs.path)
        where file.hasSuffix(".symbols.json") {
            let data = try Data(contentsOf: graphs.appendingPathComponent(file))
            let graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
            symbols += graph.symbols.map(\.declared)
        }
        return symbols.sorted { $0.name < $1.name }
    }
}

extension Toolchain {
    /// What `swift-symbolgraph-extract` needs to read modules built for this machine.
    var symbolGraphTarget: [String] {
        #if os(macOS)
            platformArguments
        #else
            #if arch(arm64)
                ["-target", "aarch64-unknown-linux-gnu"]
            #else
                ["-target", "x86_64-unknown-linux-gnu"]
            #endif
        #endif
    }
}

/// The part of a symbol graph file these checks read.
private struct SymbolGraph: Decodable {
    struct Fragment: Decodable {
        var kind: String
        var spelling: String
    }
    struct Kind: Decodable { var identifier: String }
    struct Signature: Decodable { var returns: [Fragment]? }
    struct Location: Decodable {
        struct Position: Decodable { var line: Int }
        var uri: String
        var position: Position
    }
    struct Symbol: Decodable {
        var kind: Kind
        var pathComponents: [String]
        var accessLevel: String
        var declarationFragments: [Fragment]
        var functionSignature: Signature?
        var location: Location?

        var declared: DeclaredSymbol {
            let declaration = declarationFragments.map(\.spelling).joined()
            var produces: [String]
            if kind.identifier == "swift.init" {
                produces = Array(pathComponents.dropLast().suffix(1))
            } else if let returns = functionSignature?.returns {
                produces = returns.filter { $0.kind == "typeIdentifier" || $0.spelling == "Self" }.map(\.spelling)
            } else {
                // A property or variable: the types named after its name.
                let afterName = declarationFragments.drop { $0.kind != "identifier" }.dropFirst()
                produces = afterName.filter { $0.kind == "typeIdentifier" || $0.spelling == "Self" }.map(\.spelling)
            }
            if produces.isEmpty, kind.identifier.contains("init") { produces = Array(pathComponents.prefix(1)) }
            let place = location.map { "\(URL(string: $0.uri)?.lastPathComponent ?? $0.uri):\($0.position.line + 1)" }
            return DeclaredSymbol(
                path: pathComponents, kind: kind.identifier, accessLevel: accessLevel, declaration: declaration,
                produces: produces, place: place)
        }
    }
    var symbols: [Symbol]
}
