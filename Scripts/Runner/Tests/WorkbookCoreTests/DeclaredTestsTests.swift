import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore

@Suite("Counting a chapter's tests without compiling it")
struct DeclaredTestsTests {
    @Test("Each @Test counts once, a parameterised one too; comments, strings and other attributes do not count")
    func counts() {
        let source = #"""
            import Testing

            @Suite("S") struct S {
                @Test("One") func one() {}
                @Test(
                    "Two, parameterised", arguments: [1, 2, 3])
                func two(value: Int) {}
                @Test func three() async throws {}
                // @Test("Commented out") func no() {}
                /* @Test("In a block comment /* nested @Test */") func no() {} */
                @TestHelper func notATest() {}
                func snippet() {
                    _ = "a string with @Test(\"x\") inside"
                    _ = """
                        @Test("In a multi-line string") func no() {}
                        """
                    _ = #"raw "@Test" string"#
                    _ = "interpolated \(String("@Test")) string"
                }
                @Test("Four, after the strings") func four() {}
            }
            """#
        #expect(DeclaredTests.count(in: source) == 4)
        #expect(DeclaredTests.count(in: "") == 0)
        #expect(DeclaredTests.count(in: #"_ = "unterminated @Test"#) == 0)
    }

    @Test("A chapter's count is the sum over its test files, in every subfolder")
    func chapter() throws {
        try withTemporaryFolderSync { root in
            let tests = root.appendingPathComponent("Tests/Chapter3Tests/Sub")
            try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
            try #"@Test("a") func a() {}"#.write(
                to: tests.deletingLastPathComponent().appendingPathComponent("1-ATests.swift"), atomically: true,
                encoding: .utf8)
            try "@Test func b() {}\n@Test func c() {}".write(
                to: tests.appendingPathComponent("2-BTests.swift"), atomically: true, encoding: .utf8)
            try "@Test not Swift".write(to: tests.appendingPathComponent("notes.md"), atomically: true, encoding: .utf8)
            let three = Chapter(number: 3, title: "T", folder: "Chapter3-T")
            let four = Chapter(number: 4, title: "U", folder: "Chapter4-U")
            let workbook = Workbook(root: root, chapters: [three, four])
            #expect(DeclaredTests.count(for: three, in: workbook) == 3)
            #expect(DeclaredTests.count(for: four, in: workbook) == nil, "No test files: not known.")
        }
    }
}
