import Foundation

/// The toolchain's `swiftc`, found without asking SwiftPM, and what it needs on this platform to
/// import the modules SwiftPM built. One file for both packages: the workbook's compile checks use
/// it, and the runner's `WorkbookCore` links to it (`Scripts/Runner/Sources/WorkbookCore/Processes/`),
/// so the tests' snippets and the lessons' code blocks are compiled by the same compiler.
public struct SwiftCompilerLookup: Sendable {
    public let swiftc: String
    public let platformArguments: [String]

    /// Why no compiler was found, in words.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// `WORKBOOK_SWIFTC` names a compiler explicitly; else Xcode's (through `xcrun`, with the SDK and
    /// the package's minimum macOS) on macOS, the first `swiftc` on the `PATH` elsewhere.
    public static func find(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(Failure) -> SwiftCompilerLookup {
        #if os(macOS)
            let swiftc = try environment["WORKBOOK_SWIFTC"] ?? xcrun(["--find", "swiftc"])
            let sdk = try xcrun(["--show-sdk-path", "--sdk", "macosx"])
            #if arch(arm64)
                let architecture = "arm64"
            #else
                let architecture = "x86_64"
            #endif
            // A module cannot be imported by code built for an older system than the package's minimum.
            return SwiftCompilerLookup(
                swiftc: swiftc, platformArguments: ["-sdk", sdk, "-target", "\(architecture)-apple-macosx15.0"])
        #else
            let path = (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
            guard let swiftc = environment["WORKBOOK_SWIFTC"] ?? path.first(where: FileManager.default.isExecutableFile)
            else {
                throw Failure(description: "cannot find swiftc on the PATH; set WORKBOOK_SWIFTC to its path")
            }
            return SwiftCompilerLookup(swiftc: swiftc, platformArguments: [])
        #endif
    }

    #if os(macOS)
        private static func xcrun(_ arguments: [String]) throws(Failure) -> String {
            let process = Process()
            let pipe = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
            process.arguments = arguments
            process.standardOutput = pipe
            do { try process.run() } catch { throw Failure(description: "cannot run xcrun: \(error)") }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard process.terminationStatus == 0, !text.isEmpty else {
                throw Failure(description: "xcrun \(arguments.joined(separator: " ")) failed")
            }
            return text
        }
    #endif
}
