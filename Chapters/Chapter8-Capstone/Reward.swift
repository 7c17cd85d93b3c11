/// Something a member can have for stars: a drink, a pastry, a bag of beans.
public nonisolated struct Reward: Sendable, Hashable, Codable {
    public var id: String
    public var name: String
    /// How many stars it costs on an ordinary day.
    public var cost: Int

    public init(id: String, name: String, cost: Int) {
        self.id = id
        self.name = name
        self.cost = cost
    }
}

/// What the rewards service hands out once it has confirmed a redemption: the code the member
/// shows at the counter.
public nonisolated struct Voucher: Sendable, Hashable, Codable {
    public var code: String
    public var rewardID: String

    public init(code: String, rewardID: String) {
        self.code = code
        self.rewardID = rewardID
    }
}
