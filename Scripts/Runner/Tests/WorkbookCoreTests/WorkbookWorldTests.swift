import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore

@Suite("The world the chapters are compiled in")
struct WorkbookWorldTests {
    /// The workbook this runner belongs to: `Scripts/Runner/Tests/WorkbookCoreTests/` is four folders down.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func manifest(classWorld: String) -> String {
        "// swift-tools-version: 6.2\nimport PackageDescription\n\nlet classWorld = \"\(classWorld)\"\n"
    }

    @Test("WORKBOOK_WORLD chooses the world; unset or empty, the class's world in the manifest does")
    func chosen() throws {
        let app = manifest(classWorld: "app")
        let library = manifest(classWorld: "library")
        #expect(try WorkbookWorld.chosen(environment: [:], manifest: library) == .library)
        #expect(try WorkbookWorld.chosen(environment: [:], manifest: app) == .app)
        #expect(try WorkbookWorld.chosen(environment: ["WORKBOOK_WORLD": ""], manifest: app) == .app)
        #expect(try WorkbookWorld.chosen(environment: ["WORKBOOK_WORLD": "library"], manifest: app) == .library)
        #expect(try WorkbookWorld.chosen(environment: ["WORKBOOK_WORLD": "app"], manifest: library) == .app)
        #expect(try WorkbookWorld.chosen(environment: [:], manifest: "// no line") == .library)
        #expect(try WorkbookWorld.chosen(environment: [:], manifest: nil) == .library)
    }

    @Test("A world the workbook does not know is refused, naming the value and the worlds there are")
    func unknown() {
        let error = #expect(throws: WorldError.self) {
            try WorkbookWorld.chosen(environment: ["WORKBOOK_WORLD": "App"], manifest: nil)
        }
        #expect(error?.description.contains("WORKBOOK_WORLD=App") == true)
        #expect(error?.description.contains("WORKBOOK_WORLD=app") == true)
        let manifestError = #expect(throws: WorldError.self) {
            try WorkbookWorld.chosen(environment: [:], manifest: manifest(classWorld: "ios"))
        }
        #expect(manifestError?.description.contains("classWorld = \"ios\"") == true)
    }

    @Test("The workbook's own Package.swift has the class's world in the form the runner reads")
    func realManifest() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(
            try WorkbookWorld.classWorld(in: text) != nil,
            "Package.swift must say `let classWorld = \"library\"` (or \"app\") on a line of its own.")
    }

    @Test("The app world's compiler flags are read from the manifest, its one home")
    func flagsFromTheManifest() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(
            WorkbookWorld.appCompilerFlags(manifest: manifest) == [
                "-default-isolation", "MainActor", "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                "-enable-upcoming-feature", "InferIsolatedConformances",
            ])
        let other = """
            let worldSettings: [SwiftSetting] =
                buildsAppWorld
                ? [.defaultIsolation(nil), .enableExperimentalFeature("Lifetimes")] : []
            let later = [.enableUpcomingFeature("NotThisOne")]
            """
        #expect(
            WorkbookWorld.appCompilerFlags(manifest: other) == [
                "-default-isolation", "nil", "-enable-experimental-feature", "Lifetimes",
            ])
        #expect(WorkbookWorld.appCompilerFlags(manifest: "let x = 1").isEmpty)
    }

    @Test("Every build and run is told its world explicitly, whatever the learner's environment said")
    func environment() {
        let workbook = Workbook.stub(root: "/nowhere")
        let learner = ["WORKBOOK_WORLD": "app", "WORKBOOK": "solutions", "PATH": "/bin"]
        let tools = PackageTools(workbook: workbook, environment: learner)
        #expect(tools.world == .app, "The learner's WORKBOOK_WORLD is the world.")
        #expect(tools.environment(chapters: nil)["WORKBOOK_WORLD"] == "app")
        #expect(tools.environment(chapters: nil)["WORKBOOK"] == nil, "The mode is the tools' own, not the learner's.")
        let library = PackageTools(workbook: workbook, world: .library, environment: learner)
        #expect(library.environment(chapters: [3])["WORKBOOK_WORLD"] == "library")
        let sanitized = RaceCheck(workbook: workbook, mode: .starters, world: .app, scratchPath: "t", environment: [:])
        #expect(sanitized.tools.environment(chapters: [3])["WORKBOOK_WORLD"] == "app")
    }
}
