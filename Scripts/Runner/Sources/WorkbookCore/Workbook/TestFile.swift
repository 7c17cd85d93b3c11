import Foundation

/// The rule for a test file's name, which the runner, the class report and verify all read.
public enum TestFile {
    /// The lesson's step a test file belongs to: the number its own name starts with, followed by
    /// a dash (`Tests/Chapter1Tests/2-NoSecondBoardTests.swift` → 2); `nil` for a file without
    /// one (`Support.swift`, `2020Tests.swift`), which holds helpers and no step's tests.
    public static func step(ofPath path: String) -> Int? {
        let name = path.split(separator: "/").last ?? Substring(path)
        let digits = name.prefix { $0.isNumber }
        guard !digits.isEmpty, name.dropFirst(digits.count).first == "-" else { return nil }
        return Int(digits)
    }
}
