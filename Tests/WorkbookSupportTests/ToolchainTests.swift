import Testing

@testable import WorkbookSupport

@Suite("The compile checks' world: the app world's flags come from Package.swift")
struct ToolchainTests {
    @Test("The library world adds no flags; the app world adds what the manifest's worldSettings say")
    func worldArguments() throws {
        let arguments = try Toolchain.worldArguments()
        // The helpers' own build says which world this is: the tests' target is the same in both.
        if Toolchain.isAppWorld {
            #expect(
                arguments == [
                    "-default-isolation", "MainActor", "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                    "-enable-upcoming-feature", "InferIsolatedConformances",
                ])
        } else {
            #expect(arguments.isEmpty)
        }
    }
}
