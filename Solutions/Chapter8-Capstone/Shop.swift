import Foundation

/// Facts about the shop that every part of the app shares.
public nonisolated enum Shop {
    /// The shop's calendar. The shop is in Honolulu, ten hours behind UTC all year round (no
    /// daylight saving time), so "today" starts at midnight there, whatever the time zone of the
    /// phone, the server or the machine that runs the tests.
    public static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone =
            TimeZone(identifier: "Pacific/Honolulu") ?? TimeZone(secondsFromGMT: -10 * 60 * 60) ?? calendar.timeZone
        return calendar
    }()
}

/// The switches the team can flip without shipping a new version. The remote configuration SDK
/// downloads them at launch and leaves each one in the standard user defaults, under its raw
/// value, where the app reads it.
public nonisolated enum FeatureFlag: String, Sendable, CaseIterable {
    /// On their birthday, a member's reward costs no stars.
    case birthdayTreat = "feature.birthday-treat"
}
