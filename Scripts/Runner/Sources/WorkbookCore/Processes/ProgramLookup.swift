import Foundation

/// Where a program is, found as a shell finds it.
public enum ProgramLookup {
    /// The full path of `program` on the `PATH`, if it is there.
    public static func onPath(_ program: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
