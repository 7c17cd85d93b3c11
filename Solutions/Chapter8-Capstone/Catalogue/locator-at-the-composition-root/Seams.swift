import Foundation
import Synchronization

// What the redeem screen needs, named from its side; the locator that keeps the app's services;
// and the factory, the one place that takes services out of it.

public protocol MemberSession: Sendable {
    var currentMember: Member? { get }
}

public protocol LoyaltyRecords: Sendable {
    func stars(of memberID: String) -> Int
    func setStars(_ stars: Int, of memberID: String)
    func redemptions(of memberID: String) -> [Redemption]
    func record(_ redemption: Redemption)
    func cancel(_ redemption: Redemption)
}

public protocol RewardsServer: Sendable {
    func confirmRedemption(of rewardID: String, by memberID: String) async throws -> Voucher
}

/// Analytics, on the main actor like the SDK. `Sendable`, because the locator hands it across
/// tasks: an object isolated to the main actor is.
@MainActor
public protocol AnalyticsTracker: Sendable {
    func track(_ name: String, properties: [String: String])
}

public protocol ShopClock: Sendable {
    var now: Date { get }
}

public protocol FeatureFlags: Sendable {
    func isEnabled(_ flag: FeatureFlag) -> Bool
}

extension UserSession: MemberSession {}
extension LoyaltyStore: LoyaltyRecords {}
extension RewardsAPI: RewardsServer {}
extension Analytics: AnalyticsTracker {}

/// Keeps services under the type they are registered as. There is no `shared`: the app makes one
/// and hands it to the factories, and a test makes its own.
public final class ServiceLocator: Sendable {
    private let services = Mutex<[ObjectIdentifier: any Sendable]>([:])

    public init() {}

    public func register<Service>(_ type: Service.Type, _ service: any Sendable) {
        services.withLock { $0[ObjectIdentifier(type)] = service }
    }

    /// - Throws: `MissingService`, naming the type, when nothing was registered as it.
    public func resolve<Service>(_ type: Service.Type) throws -> Service {
        guard let service = services.withLock({ $0[ObjectIdentifier(type)] }) as? Service else {
            throw MissingService(type: String(describing: type))
        }
        return service
    }
}

public struct MissingService: Error, CustomStringConvertible {
    public var type: String
    public var description: String { "No service is registered as \(type)." }
}

/// Builds the redeem screen from a locator: the screen itself never sees the locator.
public struct RedeemScreenFactory: Sendable {
    let services: ServiceLocator

    public init(services: ServiceLocator) {
        self.services = services
    }

    @MainActor
    public func makeRedeemScreen() throws -> RedeemScreen {
        RedeemScreen(
            session: try services.resolve((any MemberSession).self),
            store: try services.resolve((any LoyaltyRecords).self),
            rewardsServer: try services.resolve((any RewardsServer).self),
            analytics: try services.resolve((any AnalyticsTracker).self),
            clock: try services.resolve((any ShopClock).self),
            flags: try services.resolve((any FeatureFlags).self))
    }
}
