import Foundation

/// Lines in the shape Swift Testing writes them (event stream version 0), trimmed to what matters.
public enum SampleStream {
    public static func test(_ id: String, name: String, displayName: String? = nil, line: Int) -> String {
        let display = displayName.map { #","displayName":"\#($0)""# } ?? ""
        return #"{"kind":"test","payload":{"id":"\#(id)","kind":"function","name":"\#(name)"\#(display),"#
            + #""sourceLocation":{"_filePath":"/work/Tests/Chapter9Tests/Sample.swift","fileID":"Chapter9Tests/Sample.swift","line":\#(line)}},"version":0}"#
    }

    public static func suite(_ id: String, displayName: String) -> String {
        #"{"kind":"test","payload":{"id":"\#(id)","kind":"suite","name":"S","displayName":"\#(displayName)"},"version":0}"#
    }

    public static func event(_ kind: String, _ id: String) -> String {
        #"{"kind":"event","payload":{"kind":"\#(kind)","testID":"\#(id)","messages":[]},"version":0}"#
    }

    public static func issue(_ id: String, _ texts: [String], known: Bool = false, line: Int = 7) -> String {
        let messages = texts.map { #"{"symbol":"fail","text":"\#($0)"}"# }.joined(separator: ",")
        return #"{"kind":"event","payload":{"kind":"issueRecorded","testID":"\#(id)","messages":[\#(messages)],"#
            + #""issue":{"isKnown":\#(known),"sourceLocation":{"_filePath":"/work/Tests/Chapter9Tests/Sample.swift","#
            + #""fileID":"Chapter9Tests/Sample.swift","line":\#(line)}}},"version":0}"#
    }

    public static let runEnded = #"{"kind":"event","payload":{"kind":"runEnded","messages":[]},"version":0}"#
    public static let passing = "Chapter9Tests.S/passing()/Sample.swift:3:4"
    public static let failing = "Chapter9Tests.S/failing()/Sample.swift:6:4"
    public static let known = "Chapter9Tests.S/known()/Sample.swift:9:4"
    public static let skipped = "Chapter9Tests.S/skipped()/Sample.swift:12:4"
    public static let waiting = "Chapter9Tests.S/waiting()/Sample.swift:15:4"

    /// A run of five tests that stops while `waiting` runs, unless `ended`.
    public static func run(ended: Bool) -> String {
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
