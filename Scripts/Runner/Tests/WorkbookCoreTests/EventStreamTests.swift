import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore

/// Lines in the shape Swift Testing writes them (event stream version 0), trimmed to what matters.
enum SampleStream {
    static func test(_ id: String, name: String, displayName: String? = nil, line: Int) -> String {
        let display = displayName.map { #","displayName":"\#($0)""# } ?? ""
        return #"{"kind":"test","payload":{"id":"\#(id)","kind":"function","name":"\#(name)"\#(display),"#
            + #""sourceLocation":{"_filePath":"/work/Tests/Chapter9Tests/Sample.swift","fileID":"Chapter9Tests/Sample.swift","line":\#(line)}},"version":0}"#
    }

    static func suite(_ id: String, displayName: String) -> String {
        #"{"kind":"test","payload":{"id":"\#(id)","kind":"suite","name":"S","displayName":"\#(displayName)"},"version":0}"#
    }

    static func event(_ kind: String, _ id: String) -> String {
        #"{"kind":"event","payload":{"kind":"\#(kind)","testID":"\#(id)","messages":[]},"version":0}"#
    }

    static func issue(_ id: String, _ texts: [String], known: Bool = false, line: Int = 7) -> String {
        let messages = texts.map { #"{"symbol":"fail","text":"\#($0)"}"# }.joined(separator: ",")
        return #"{"kind":"event","payload":{"kind":"issueRecorded","testID":"\#(id)","messages":[\#(messages)],"#
            + #""issue":{"isKnown":\#(known),"sourceLocation":{"_filePath":"/work/Tests/Chapter9Tests/Sample.swift","#
            + #""fileID":"Chapter9Tests/Sample.swift","line":\#(line)}}},"version":0}"#
    }

    static let runEnded = #"{"kind":"event","payload":{"kind":"runEnded","messages":[]},"version":0}"#
    static let passing = "Chapter9Tests.S/passing()/Sample.swift:3:4"
    static let failing = "Chapter9Tests.S/failing()/Sample.swift:6:4"
    static let known = "Chapter9Tests.S/known()/Sample.swift:9:4"
    static let skipped = "Chapter9Tests.S/skipped()/Sample.swift:12:4"
    static let waiting = "Chapter9Tests.S/waiting()/Sample.swift:15:4"

    /// A run of five tests that stops while `waiting` runs, unless `ended`.
    static func run(ended: Bool) -> String {
        var lines = [
            suite("Chapter9Tests.S", displayName: "A sample suite"),
            test(passing, name: "passing()", displayName: "It passes", line: 3),
            test(failing, name: "failing()", line: 6),
            test(known, name: "known()", line: 9),
            test(skipped, name: "skipped()", line: 12),
            test(waiting, name: "waiting()", line: 15),
            event("testStarted", passing), event("testStarted", failing), event("testStarted", known),
            event("testSkipped", skipped), event("testStarted", waiting),
            issue(failing, ["Expectation failed: 1 == 2", "One is not two."]),
            issue(known, ["Expectation failed: false"], known: true),
            event("testEnded", passing), event("testEnded", failing), event("testEnded", known),
        ]
        if ended { lines += [event("testEnded", waiting), runEnded] }
        return lines.joined(separator: "\n")
    }
}

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
