import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore

@Suite("Reading Swift Testing's event stream")
struct EventStreamTests {
    let workbook = Workbook.stub(root: "/work")

    @Test("A finished run gives each test its state, name, suite and messages, in source order")
    func finishedRun() throws {
        let stream = EventStream(SampleStream.run(ended: true), relativeTo: workbook)
        #expect(stream.runEnded)
        let results = stream.results(ending: .exited(1))
        #expect(results.map(\.state) == [.passed, .failed, .passed, .skipped, .passed])
        #expect(results[0].name == "It passes", "A display name is preferred to the function's name.")
        #expect(results[1].name == "failing()")
        #expect(results[0].suite == "A sample suite")
        #expect(results[1].issues.first?.message == "Expectation failed: 1 == 2\nOne is not two.")
        #expect(results[1].issues.first?.file == "Tests/Chapter9Tests/Sample.swift", "Paths are workbook-relative.")
        #expect(results[1].issues.first?.line == 7)
        #expect(results[2].issues.isEmpty, "A known issue does not fail a test.")
    }

    @Test("A run that stopped marks the running test as crashed, or timed out, and the rest as not run")
    func stoppedRun() {
        let stream = EventStream(SampleStream.run(ended: false) + "\n{\"kind\":\"ev", relativeTo: workbook)
        #expect(!stream.runEnded)
        #expect(stream.unfinished.map(\.id) == [SampleStream.waiting])
        #expect(stream.results(ending: .signalled(4)).last?.state == .crashed)
        #expect(stream.results(ending: .timedOut).last?.state == .timedOut)
        #expect(stream.results(ending: .timedOut).first?.state == .passed, "Finished tests keep their state.")
    }

    @Test("An exact filter selects one test by its full identifier")
    func exactFilter() throws {
        let result = TestResult(
            id: "Chapter1Tests.S/same()/File.swift:3:4", name: "same()", file: nil, line: nil, state: .passed,
            issues: [])
        let pattern = try Regex(result.exactFilter)
        #expect(result.id.wholeMatch(of: pattern) != nil)
        #expect("Chapter1Tests.S/same()/File.swift:3:40".wholeMatch(of: pattern) == nil)
    }
}
