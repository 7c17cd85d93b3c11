import Foundation

/// The compiler that built the tests, found without asking SwiftPM.
struct Toolchain: Sendable {
    let swiftc: String
    /// What `swiftc` needs on this platform to import modules SwiftPM built.
    let platformArguments: [String]
    let nullDevice = "/dev/null"

    /// What the chapter's own sources are compiled with in this world, as `Package.swift` compiles
    /// them: nothing in the library world; in the app world (`WORKBOOK_WORLD=app`) what an Xcode 26
    /// app target has, read from the manifest's `worldSettings`, their one home.
    /// Whether these helpers were built for the app world (`WORKBOOK_WORLD=app`).
    static var isAppWorld: Bool {
        #if WORKBOOK_APP_WORLD
            true
        #else
            false
        #endif
    }

    static func worldArguments() throws -> [String] {
        #if WORKBOOK_APP_WORLD
            try appWorldArguments.get()
        #else
            []
        #endif
    }

    private static let appWorldArguments: Result<[String], any Error> = Result {
        // This file is Tests/WorkbookSupport/Toolchain.swift; the manifest is at the package's root.
        let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let flags = AppWorldSettings.compilerFlags(manifest: text)
        guard !flags.isEmpty else {
            throw CompileCheckError("\(manifest.path) sets no app world settings (its `let worldSettings`)")
        }
        return flags
    }

    /// Looked up once per test run. `WORKBOOK_SWIFTC` names a compiler explicitly.
    static func current() throws -> Toolchain {
        try lookup.get()
    }

    private static let lookup: Result<Toolchain, any Error> = Result {
        do {
            let found = try SwiftCompilerLookup.find()
            return Toolchain(swiftc: found.swiftc, platformArguments: found.platformArguments)
        } catch {
            throw CompileCheckError("\(error)")
        }
    }
}

/// Finds the modules SwiftPM built for the running tests, from where the test binary is.
enum BuildProducts {
    private final class Anchor {}

    /// The folder holding `<module>.swiftmodule`. `WORKBOOK_MODULES` names it explicitly.
    static func modulesDirectory(containing module: String) throws -> URL {
        let fileManager = FileManager.default
        if let explicit = ProcessInfo.processInfo.environment["WORKBOOK_MODULES"] {
            return URL(fileURLWithPath: explicit)
        }
        var starts: [URL] = [Bundle(for: Anchor.self).bundleURL, Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL { starts.append(executable) }
        // Linux names the running program here; elsewhere there is no such link, and nothing is added.
        if let me = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append(URL(fileURLWithPath: me))
        }
        for start in starts {
            // The test binary sits in the build folder (or a few levels inside a bundle there).
            var folder = start.resolvingSymlinksInPath()
            for _ in 0..<5 {
                folder = folder.deletingLastPathComponent()
                for candidate in [folder.appendingPathComponent("Modules"), folder] {
                    let module = candidate.appendingPathComponent("\(module).swiftmodule")
                    if fileManager.fileExists(atPath: module.path) { return candidate }
                }
            }
        }
        throw CompileCheckError(
            "cannot find \(module).swiftmodule near the test binary (looked from \(starts.map(\.path))); "
                + "set WORKBOOK_MODULES to the folder that holds it")
    }
}
