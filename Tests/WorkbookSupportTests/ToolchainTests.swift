import Testing

@testable import WorkbookSupport

@Suite("The compile checks' world: the app world's flags come from Package.swift")
struct ToolchainTests {
    @Test("The library world adds no flags; the app world adds what the manifest's worldSettings say")
    func worldArguments() throws {
        let arguments = try Toolchain.worldArguments()
        #if WORKBOOK_APP_WORLD
            #expect(
                arguments == [
                    "-default-isolation", "MainActor", "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                    "-enable-upcoming-feature", "InferIsolatedConformances",
                ])
        #else
            #expect(arguments.isEmpty)
        #endif
    }
}
