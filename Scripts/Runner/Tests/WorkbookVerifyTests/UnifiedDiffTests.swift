import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore
@testable import WorkbookVerify

@Suite("Unified diffs, as catalogue pages hold them")
struct UnifiedDiffTests {
    let board = """
        import Synchronization

        public final class Board: Sendable {
            public static let shared = Board()
            private init() {}
            private let list = Mutex<[String]>([])
            public func post(_ text: String) {
                list.withLock { $0.append(text) }
            }
        }

        """

    @Test("A hunk replaces its old lines with its new ones, and files the diff does not name stay")
    func appliesAHunk() throws {
        let diff = try UnifiedDiff(
            parsing: """
                Some prose before the diff is ignored.

                --- solution/Board.swift
                +++ learner/Board.swift
                @@ -3,3 +3,3 @@
                 public final class Board: Sendable {
                -    public static let shared = Board()
                +    public static var shared: Board { Board() }
                     private init() {}
                """)
        #expect(diff.bases == ["solution"])
        let result = try diff.apply(to: ["Board.swift": board, "Other.swift": "let x = 1\n"])
        #expect(result["Other.swift"] == "let x = 1\n")
        #expect(
            result["Board.swift"]
                == board.replacingOccurrences(
                    of: "static let shared = Board()", with: "static var shared: Board { Board() }"))
    }

    @Test("A hunk whose lines moved applies where they now stand; one whose lines changed names the place")
    func movedAndChangedBases() throws {
        let diff = try UnifiedDiff(
            parsing: """
                --- solution/Board.swift
                +++ learner/Board.swift
                @@ -8,1 +8,1 @@
                -        list.withLock { $0.append(text) }
                +        list.withLock { $0.insert(text, at: 0) }
                """)
        let moved = "// A comment that moves every line down.\n" + board
        #expect(try diff.apply(to: ["Board.swift": moved])["Board.swift"]?.contains("insert(text, at: 0)") == true)

        let changed = board.replacingOccurrences(of: "$0.append(text)", with: "$0 += [text]")
        let error = #expect(throws: UnifiedDiff.Problem.self) { try diff.apply(to: ["Board.swift": changed]) }
        #expect(error?.description.contains("Board.swift: the hunk at line 8") == true)
        #expect(error?.description.contains("list.withLock { $0.append(text) }") == true)
    }

    @Test("A diff creates and deletes whole files, and refuses a base that lacks a file it changes")
    func createsAndDeletes() throws {
        let diff = try UnifiedDiff(
            parsing: """
                --- /dev/null
                +++ learner/TestDoubles/Spy.swift
                @@ -0,0 +1,2 @@
                +final class Spy {}
                +let spies = 0
                --- starter/Other.swift
                +++ /dev/null
                @@ -1,1 +0,0 @@
                -let x = 1
                """)
        #expect(diff.bases == ["starter"])
        let result = try diff.apply(to: ["Board.swift": board, "Other.swift": "let x = 1\n"])
        #expect(result["TestDoubles/Spy.swift"] == "final class Spy {}\nlet spies = 0\n")
        #expect(result["Other.swift"] == nil)
        #expect(throws: UnifiedDiff.Problem.self) { try diff.apply(to: ["Board.swift": board]) }
    }

    @Test("A hunk whose lines do not add up to its header is refused")
    func malformed() {
        #expect(throws: UnifiedDiff.Problem.self) {
            try UnifiedDiff(
                parsing: """
                    --- solution/Board.swift
                    +++ learner/Board.swift
                    @@ -3,3 +3,3 @@
                     public final class Board: Sendable {
                    """)
        }
    }
}
