/// The app world's compiler settings, read from `Package.swift`, their one home (its
/// `worldSettings`). One file for both packages: the workbook's compile checks use it, and the
/// runner's `WorkbookCore` links to it (`Scripts/Runner/Sources/WorkbookCore/Building/`).
public enum AppWorldSettings {
    /// What `swiftc` needs to compile a file as the app world compiles the chapters, read from
    /// `manifest` (the text of `Package.swift`): `.defaultIsolation(MainActor.self)` →
    /// `-default-isolation MainActor`, `.enableUpcomingFeature("F")` → `-enable-upcoming-feature F`.
    /// Empty when it sets none.
    public static func compilerFlags(manifest: String) -> [String] {
        guard let start = manifest.range(of: "let worldSettings") else { return [] }
        // The declaration's line and the indented lines under it.
        let block = manifest[start.lowerBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated().prefix { $0.offset == 0 || $0.element.first == " " }.map(\.element).joined(separator: "\n")
        var flags: [String] = []
        for match in block.matches(
            of: /\.(defaultIsolation|enableUpcomingFeature|enableExperimentalFeature)\(([^)]*)\)/)
        {
            let argument = match.2.replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: ".self", with: "")
            switch match.1 {
            case "defaultIsolation": flags += ["-default-isolation", argument]
            case "enableUpcomingFeature": flags += ["-enable-upcoming-feature", argument]
            default: flags += ["-enable-experimental-feature", argument]
            }
        }
        return flags
    }
}
