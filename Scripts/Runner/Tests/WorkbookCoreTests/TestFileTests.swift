import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore

@Suite("A test file's step")
struct TestFileTests {
    @Test("A test file's step is the number its own name starts with, followed by a dash")
    func step() {
        #expect(TestFile.step(ofPath: "Tests/Chapter1Tests/2-NoSecondBoardTests.swift") == 2)
        #expect(TestFile.step(ofPath: "12-Late.swift") == 12, "Step 12 is read whole, not as 1.")
        #expect(TestFile.step(ofPath: "Tests/Chapter2Tests/SampleQuestions.swift") == nil)
        #expect(
            TestFile.step(ofPath: "Tests/Chapter9Tests/3rd/Helpers.swift") == nil, "Only the file's own name counts.")
        #expect(
            TestFile.step(ofPath: "Tests/Chapter1Tests/2020Tests.swift") == nil, "A number without a dash is a name.")
        #expect(TestFile.step(ofPath: "12abc.swift") == nil)
    }

    @Test("The runner and the class report give a test the step its file has")
    func sameStepEverywhere() throws {
        let record = { (id: String, file: String) in
            #"{"kind":"test","payload":{"kind":"function","id":"\#(id)","name":"t()","sourceLocation":"#
                + #"{"fileID":"M/\#(file)","_filePath":"/w/Tests/Chapter1Tests/\#(file)","line":3}}}"#
        }
        let files = ["2-NoSecondBoardTests.swift", "2020Tests.swift", "Support.swift", "12-Late.swift"]
        let stream = EventStream(files.enumerated().map { record("T\($0.offset)", $0.element) }.joined(separator: "\n"))
        for test in stream.tests {
            #expect(test.step == test.file.flatMap(TestFile.step(ofPath:)), "The runner's step for \(test.file ?? "?")")
        }
        #expect(stream.tests.compactMap(\.step).sorted() == [2, 12])

        // A version 1 progress file has no `step`: the class report reads it from the file's name.
        let tests = files.map { #"{"name":"\#($0)","file":"Tests/Chapter1Tests/\#($0)","state":"failed"}"# }
        let json = #"""
            {"format":"singletons-workbook-progress/1","chapters":[{"number":1,"title":"T","state":"in progress",
            "passed":0,"total":4,"tests":[\#(tests.joined(separator: ","))]}]}
            """#
        let file = try ProgressFile(data: Data(json.utf8))
        let steps = try #require(file.chapters.first).tests.map(\.step)
        #expect(steps == [2, nil, nil, 12], "The class report's steps, file by file")
    }
}
