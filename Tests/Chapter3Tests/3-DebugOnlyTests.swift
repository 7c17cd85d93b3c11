import Chapter3
import Testing
import WorkbookSupport

@Suite("The seam for tests stays out of the shipping app")
struct DebugOnlyTests {
    @Test("Only debug builds can replace the shared store")
    func onlyDebugBuildsCanReplace() async {
        let swap = """
            func runAgainst(_ store: UserStorage) async {
                await UserStorage.replacingShared(with: store) {}
            }
            """
        await expectDoesNotCompile(
            swap, mentioning: "has no member 'replacingShared'", in: .release,
            """
            A release build of the app can still swap its store. `replacingShared(with:_:)` is a seam for \
            tests: compile it into debug builds only.
            """)
        await expectDoesNotCompile(
            swap, mentioning: "has no member 'replacingShared'", in: .release, from: .insideTheModule,
            """
            In a release build, the app's own code (in the chapter's module) can still swap its store. Leave \
            nothing of `replacingShared(with:_:)` in a release build, whatever its access level.
            """)

        // Nor anything else: in a release build, no declaration the module's own code can use holds
        // the current store where it could be changed (a lock around it, a setter).
        do {
            let releaseDeclarations = try await ModuleInterface.declarations(
                visibleFrom: .insideTheModule, in: .release)
            let backDoors = releaseDeclarations.filter { symbol in
                let isStatic = symbol.kind.hasPrefix("swift.type.") || symbol.path.count == 1
                let holdsAStore =
                    symbol.declaration.contains("Mutex") || symbol.declaration.contains("Atomic")
                    || symbol.declaration.contains("Lock") || symbol.declaration.contains("set }")
                    || (symbol.declaration.contains("var ") && symbol.declaration.contains("UserStorage")
                        && !symbol.declaration.contains("{ get }"))
                return isStatic && holdsAStore && symbol.kind != "swift.class"
            }
            #expect(
                backDoors.isEmpty,
                """
                In a release build, the app's own code can still change which store is shared, through \
                \(backDoors.map { "`\($0.name)`, \($0)" }.joined(separator: "; ")). The shipping app has \
                no way to swap its store: put whatever holds the current store inside `#if DEBUG` with the \
                scope, and let a release build keep the store it always had (`static let shared`).
                """)
        } catch {
            Issue.record("The module's release declarations could not be read: \(error)")
        }
    }
}
