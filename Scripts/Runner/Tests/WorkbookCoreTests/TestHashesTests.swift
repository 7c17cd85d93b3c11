import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore

@Suite("SHA-256 and the list of the tests' hashes")
struct TestHashTests {
    @Test(
        "SHA-256 gives the published digests, at every padding boundary",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
            (String(repeating: "a", count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
            (String(repeating: "a", count: 56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
            (String(repeating: "a", count: 63), "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
            (String(repeating: "a", count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
            (String(repeating: "a", count: 65), "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
            (String(repeating: "a", count: 119), "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
            (String(repeating: "a", count: 120), "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
        ])
    func knownVectors(message: String, digest: String) {
        #expect(SHA256.hex(Array(message.utf8)) == digest)
    }

    @Test("Fed in pieces, SHA-256 gives the same digest as fed at once")
    func pieces() {
        let text = Array(String(repeating: "The quick brown fox. ", count: 20).utf8)
        var hasher = SHA256()
        hasher.update(text[..<7])
        hasher.update(text[7..<130])
        hasher.update(text[130...])
        #expect(hasher.finish().map { String(format: "%02x", $0) }.joined() == SHA256.hex(text))
    }

    @Test("The list is written as sha256sum writes it, and read back, binary marks included")
    func format() {
        let hashes = [
            "Tests/Chapter2Tests/1-B.swift": String(repeating: "b", count: 64),
            "Tests/Chapter1Tests/1-A.swift": String(repeating: "a", count: 64),
        ]
        let text = TestHashes.render(hashes)
        #expect(
            text == "\(String(repeating: "a", count: 64))  Tests/Chapter1Tests/1-A.swift\n"
                + "\(String(repeating: "b", count: 64))  Tests/Chapter2Tests/1-B.swift\n")
        #expect(TestHashes.parse(text) == hashes)
        #expect(
            TestHashes.parse("\(String(repeating: "C", count: 64)) *Tests/X.swift\nnot a line\n") == [
                "Tests/X.swift": String(repeating: "c", count: 64)
            ])
    }

    @Test("A changed, an added and a missing test file are each named; the same files are not")
    func comparison() {
        let original = [
            "Tests/Chapter1Tests/1-A.swift": "1", "Tests/Chapter1Tests/2-B.swift": "2",
            "Tests/Chapter1Tests/3-C.swift": "3",
        ]
        let now = [
            "Tests/Chapter1Tests/1-A.swift": "1", "Tests/Chapter1Tests/2-B.swift": "changed",
            "Tests/Chapter1Tests/9-New.swift": "9",
        ]
        #expect(
            TestHashes.compare(original: original, current: now) == [
                ChangedTestFile(path: "Tests/Chapter1Tests/2-B.swift", change: .changed),
                ChangedTestFile(path: "Tests/Chapter1Tests/3-C.swift", change: .missing),
                ChangedTestFile(path: "Tests/Chapter1Tests/9-New.swift", change: .added),
            ])
        #expect(TestHashes.compare(original: original, current: original).isEmpty)
    }

    @Test("A chapter is told about its own test files and the shared helpers, not another chapter's")
    func perChapter() {
        let chapter = Chapter(number: 1, title: "One", folder: "Chapter1-One")
        let all = [
            ChangedTestFile(path: "Tests/Chapter1Tests/1-A.swift", change: .changed),
            ChangedTestFile(path: "Tests/Chapter2Tests/1-A.swift", change: .changed),
            ChangedTestFile(path: "Tests/WorkbookSupport/CompileCheck.swift", change: .changed),
        ]
        #expect(
            TestHashes.changes(all, for: chapter).map(\.path) == [
                "Tests/Chapter1Tests/1-A.swift", "Tests/WorkbookSupport/CompileCheck.swift",
            ])
    }

    @Test("The committed list matches this workbook's tests, and covers every chapter's test files")
    func committedList() throws {
        let workbook = try Workbook(root: workbookRoot)
        let changes = try #require(TestHashes.changes(in: workbook), "\(TestHashes.listPath) is missing")
        #expect(changes.isEmpty, "Run ./Scripts/verify --refresh-test-hashes: \(changes.map(\.summary))")
        let listed = try #require(TestHashes.committed(in: workbook)).keys
        for chapter in workbook.chapters {
            #expect(listed.contains { $0.hasPrefix(chapter.testsFolder + "/") }, "\(chapter.testsFolder) is not listed")
        }
        #expect(listed.contains { $0.hasPrefix("Tests/WorkbookSupport/") })
    }
}
