import Foundation

/// The compiler that built the tests, found without asking SwiftPM.
struct Toolchain: Sendable {
    let swiftc: String
    /// What `swiftc` needs on this platform to import modules SwiftPM built.
    let platformArguments: [String]
    let nullDevice = "/dev/null"

    /// What the chapter's own sources are compiled with in this world, as `Package.swift` compiles
    /// them (`worldSettings`): nothing in the library world; in the app world (`WORKBOOK_WORLD=app`)
    /// what an Xcode 26 app target has.
    static var worldArguments: [String] {
        #if WORKBOOK_APP_WORLD
            [
                "-default-isolation", "MainActor", "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                "-enable-upcoming-feature", "InferIsolatedConformances",
            ]
        #else
            []
        #endif
    }

    /// Looked up once per test run. `WORKBOOK_SWIFTC` names a compiler explicitly.
    static func current() throws -> Toolchain {
        try lookup.get()
    }

    private static let lookup: Result<Toolchain, any Error> = Result {
        let environment = ProcessInfo.processInfo.environment
        #if os(macOS)
            let swiftc = try environment["WORKBOOK_SWIFTC"] ?? xcrun(["--find", "swiftc"])
            let sdk = try xcrun(["--show-sdk-path", "--sdk", "macosx"])
            #if arch(arm64)
                let architecture = "arm64"
            #else
                let architecture = "x86_64"
            #endif
            // The package's minimum macOS: a module cannot be imported by code built for older systems.
            let platform = ["-sdk", sdk, "-target", "\(architecture)-apple-macosx15.0"]
        #else
            let path = (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
            guard let swiftc = environment["WORKBOOK_SWIFTC"] ?? path.first(where: FileManager.default.isExecutableFile)
            else {
                throw CompileCheckError("cannot find swiftc on the PATH; set WORKBOOK_SWIFTC to its path")
            }
            let platform: [String] = []
        #endif
        return Toolchain(swiftc: swiftc, platformArguments: platform)
    }

    #if os(macOS)
        private static func xcrun(_ arguments: [String]) throws(CompileCheckError) -> String {
            let process = Process()
            let pipe = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
            process.arguments = arguments
            process.standardOutput = pipe
            do { try process.run() } catch { throw CompileCheckError("cannot run xcrun: \(error)") }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard process.terminationStatus == 0, !text.isEmpty else {
                throw CompileCheckError("xcrun \(arguments.joined(separator: " ")) failed")
            }
            return text
        }
    #endif
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
