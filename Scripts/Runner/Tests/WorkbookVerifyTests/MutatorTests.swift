import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookVerify

@Suite("The mutator: mechanical mutants of a solution file")
struct MutatorTests {
    func ids(_ text: String, file: String = "F.swift") -> [String] {
        Mutator.mutants(of: text, file: file).map(\.id)
    }

    func mutant(_ id: String, of text: String) -> String? {
        Mutator.mutants(of: text, file: "F.swift").first { $0.id == id }?.text
    }

    @Test("Comparison, equality, arithmetic and logical operators each turn into their partner")
    func operators() {
        let text = """
            func f(a: Int, b: Int) -> Bool {
                if a < b && b >= 2 || a == b { return a + b != a - b }
                var total = a
                total += b
                return a <= b
            }

            """
        let found = ids(text)
        for expected in [
            "F.swift:2 '<' → '<='", "F.swift:2 '&&' → '||'", "F.swift:2 '>=' → '>'", "F.swift:2 '||' → '&&'",
            "F.swift:2 '==' → '!='", "F.swift:2 '+' → '-'", "F.swift:2 '!=' → '=='", "F.swift:2 '-' → '+'",
            "F.swift:4 '+=' → '-='", "F.swift:5 '<=' → '<'",
        ] {
            #expect(found.contains(expected), "\(expected) in \(found)")
        }
        #expect(
            mutant("F.swift:2 '<' → '<='", of: text)?.contains("if a <= b && b >= 2 || a == b {") == true)
        #expect(mutant("F.swift:4 '+=' → '-='", of: text)?.contains("    total -= b\n") == true)
    }

    @Test("Generics, arrows, unary minus and ranges are not binary operators")
    func notOperators() {
        let text = """
            struct S {
                func f() {
                    let lock = Mutex<[String]>([])
                    let values: Array<Int> = [-1]
                    let closure: (Int) -> Int = { $0 }
                    for i in 0..<3 where i != -2 { print(i, lock, values, closure) }
                }
            }

            """
        let found = ids(text)
        #expect(!found.contains { $0.contains("'<'") || $0.contains("'>'") || $0.contains("'-'") }, "\(found)")
        #expect(found.contains("F.swift:6 '!=' → '=='"))
    }

    @Test("Boolean literals flip; integer literals go one up, and one down when above zero")
    func literals() {
        let text = """
            func f() async {
                let flag = true
                let count = 0
                try? await Task.sleep(for: .milliseconds(20))
                let pair = (1_000, $0, 0x1F, 1.5, tuple.0)
            }

            """
        let found = ids(text)
        #expect(found.contains("F.swift:2 true → false"))
        #expect(found.contains("F.swift:3 0 → 1"))
        #expect(!found.contains("F.swift:3 0 → -1"), "No negative constants from zero.")
        #expect(found.contains("F.swift:4 20 → 21") && found.contains("F.swift:4 20 → 19"))
        #expect(found.contains("F.swift:5 1_000 → 1001"))
        #expect(
            found.filter { $0.hasPrefix("F.swift:5") } == ["F.swift:5 1_000 → 1001", "F.swift:5 1_000 → 999"],
            "`$0`, hex, floats and tuple indices are left alone: \(found)")
    }

    @Test("Comments, strings, interpolations, directives, imports, attributes and declarations are left alone")
    func leftAlone() {
        let text = """
            import Foundation
            #if os(Linux)
                let platform = 1 + 2
            #endif
            /// A doc comment: a < b, true, 3.
            @available(macOS 15, *)
            public func f(limit: Int = 3) -> String {
                // a comment: x == y
                /* a block
                   comment: 1 + 1 */
                let s = "a < b, \\(x + 1), true, 7"
                let t = \"""
                    a > b, false, 8
                    \"""
                return s + t
            }

            """
        let found = ids(text)
        #expect(found == ["F.swift:15 '+' → '-'"], "Only the code's own operator: \(found)")
    }

    @Test("A call statement, with or without try and await, is removed; a line stays where it was")
    func removals() {
        let text = """
            final class Board {
                func post(_ text: String) async {
                    await send(text)
                    storage.withLock { $0.append(text) }
                    shown = await board.messages
                    try? await Task.sleep(for: .seconds(1))
                    let x = make()
                    return finish()
                }
            }

            """
        let found = ids(text)
        #expect(found.contains("F.swift:3 removed 'await send(text)'"))
        #expect(found.contains("F.swift:4 removed 'storage.withLock { $0.append(text) }'"))
        #expect(found.contains("F.swift:5 removed 'shown = await board.messages'"))
        #expect(found.contains("F.swift:6 removed 'try? await Task.sleep(for: .seconds(1))'"))
        #expect(!found.contains { $0.hasPrefix("F.swift:7 removed") || $0.hasPrefix("F.swift:8 removed") })
        let kinds = Dictionary(
            Mutator.mutants(of: text, file: "F.swift").map { ($0.id, $0.kind) }, uniquingKeysWith: { a, _ in a })
        #expect(kinds["F.swift:3 removed 'await send(text)'"] == .removedAwait)
        #expect(kinds["F.swift:4 removed 'storage.withLock { $0.append(text) }'"] == .removedCall)
        let removed = mutant("F.swift:3 removed 'await send(text)'", of: text)
        // The line stays, empty, and the file ends as it did.
        #expect(
            removed?.split(separator: "\n", omittingEmptySubsequences: false).count
                == text.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(removed?.hasSuffix("}\n") == true && removed?.hasSuffix("\n\n") == false)
        #expect(removed?.contains("send(text)") == false)
    }

    @Test("A statement that opens a block, or is part of a longer expression, is not removed")
    func notRemoved() {
        let text = """
            func f() {
                storage.withLock {
                    $0.append(1)
                }
                let value = items
                    .map { transform($0) }
                start(
                    1)
            }

            """
        let found = ids(text).filter { $0.contains("removed") }
        #expect(found.isEmpty, "\(found)")
    }

    @Test("Two adjacent simple statements of one block swap, across a comment, unless one needs the other")
    func swaps() {
        let text = """
            func post(_ text: String) async {
                await send(text)
                // Then store it.
                storage.withLock { $0.append(text) }
                let a = make()
                use(a)
            }

            """
        let found = ids(text).filter { $0.contains("swapped") }
        #expect(found.contains("F.swift:2 swapped with line 4"))
        #expect(!found.contains("F.swift:5 swapped with line 6"), "`use(a)` needs `a`.")
        let swapped = mutant("F.swift:2 swapped with line 4", of: text)
        #expect(
            swapped?.contains(
                "    storage.withLock { $0.append(text) }\n    // Then store it.\n    await send(text)\n") == true)
    }

    @Test("The same change twice on one line gets a number; every mutant differs from the file")
    func identifiers() {
        let text = "func f() -> Int {\n    return 1 + 2 + 3\n}\n"
        let found = ids(text)
        #expect(found.contains("F.swift:2 '+' → '-'") && found.contains("F.swift:2 '+' → '-' #2"))
        #expect(Set(found).count == found.count)
        #expect(Mutator.mutants(of: text, file: "F.swift").allSatisfy { $0.text != text })
    }
}
