import Foundation

/// How the chapters' code is compiled: as a library module, or as an Xcode 26 app target.
///
/// `Package.swift` decides: `WORKBOOK_WORLD` when it is set, else the class's world, the line
/// `let classWorld = "…"` in the manifest (a teacher sets it for a class). The runner reads both
/// the same way, so that it passes the world on to every build explicitly, keeps verdicts of one
/// world from standing for the other, and says which world a report is about.
public enum WorkbookWorld: String, Sendable, CaseIterable, Codable {
    /// Nonisolated by default, as a library module (and this package before Swift 6.2) is built.
    case library
    /// Default isolation `MainActor` plus `NonisolatedNonsendingByDefault` and
    /// `InferIsolatedConformances`, as a new Xcode 26 app target is built.
    case app

    /// What `swiftc` needs to compile a file as the app world compiles the chapters, read from
    /// `manifest` (the text of `Package.swift`, the one home of these settings): its `worldSettings`
    /// (`.defaultIsolation(MainActor.self)` → `-default-isolation MainActor`,
    /// `.enableUpcomingFeature("F")` → `-enable-upcoming-feature F`). Empty when it has none.
    public static func appCompilerFlags(manifest: String) -> [String] {
        AppWorldSettings.compilerFlags(manifest: manifest)
    }

    /// The app world's compiler flags as `workbook`'s `Package.swift` sets them.
    public static func appCompilerFlags(of workbook: Workbook) -> [String] {
        let manifest = try? String(contentsOf: workbook.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        return appCompilerFlags(manifest: manifest ?? "")
    }

    /// The environment variable that chooses the world for one run.
    public static let variable = "WORKBOOK_WORLD"

    /// The world `Package.swift` builds with `environment`: `WORKBOOK_WORLD` if set (and not
    /// empty), else the class's world in `manifest` (the text of `Package.swift`), else `library`.
    public static func chosen(environment: [String: String], manifest: String?) throws(WorldError) -> WorkbookWorld {
        if let value = environment[variable], !value.isEmpty {
            guard let world = WorkbookWorld(rawValue: value) else {
                throw WorldError(
                    "\(variable)=\(value) is not a world of the workbook: leave it unset, or use \(variable)=app "
                        + "(as an Xcode 26 app target) or \(variable)=library (as a library module).")
            }
            return world
        }
        guard let manifest else { return .library }
        return try classWorld(in: manifest) ?? .library
    }

    /// The world of `workbook` with `environment` (the process's own by default).
    public static func chosen(
        for workbook: Workbook, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(WorldError) -> WorkbookWorld {
        let manifest = try? String(
            contentsOf: workbook.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        return try chosen(environment: environment, manifest: manifest)
    }

    /// The class's world that `manifest` sets (`let classWorld = "app"`), or `nil` when it has no
    /// such line.
    public static func classWorld(in manifest: String) throws(WorldError) -> WorkbookWorld? {
        let prefix = "let classWorld = \""
        for line in manifest.split(separator: "\n") where line.hasPrefix(prefix) {
            let value = line.dropFirst(prefix.count).prefix { $0 != "\"" }
            guard let world = WorkbookWorld(rawValue: String(value)) else {
                throw WorldError(
                    "Package.swift sets classWorld = \"\(value)\", which is not a world of the workbook: "
                        + "use \"library\" or \"app\".")
            }
            return world
        }
        return nil
    }

    /// How a report names the world ("an app target (Xcode 26)").
    public var description: String {
        switch self {
        case .library: "a library module"
        case .app: "an Xcode 26 app target (default isolation MainActor)"
        }
    }
}

/// A world the workbook does not know.
public struct WorldError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
