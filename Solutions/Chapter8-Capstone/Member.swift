/// A member of the coffee shop's loyalty programme. In an app, this is the account model the sign-in
/// flow produces and the session keeps.
public nonisolated struct Member: Sendable, Hashable, Codable {
    public var id: String
    public var name: String
    /// The day the member celebrates, for the birthday treat.
    public var birthday: Birthday

    public init(id: String, name: String, birthday: Birthday) {
        self.id = id
        self.name = name
        self.birthday = birthday
    }
}

/// A birthday without a year: the shop only needs to know which day to celebrate.
public nonisolated struct Birthday: Sendable, Hashable, Codable {
    /// 1 for January, 12 for December.
    public var month: Int
    public var day: Int

    public init(month: Int, day: Int) {
        self.month = month
        self.day = day
    }
}
