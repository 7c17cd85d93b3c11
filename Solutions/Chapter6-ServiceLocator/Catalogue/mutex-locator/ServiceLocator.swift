import Synchronization

/// Keeps the app's services, each under the type it was registered as, and hands them out on
/// request.
///
/// A final class whose table sits in a `Mutex`: `withLock` takes a synchronous closure, so no
/// `await` can ever come between reading the table and writing it.
public final class ServiceLocator: Sendable {
    private let services = Mutex<[ObjectIdentifier: any Sendable]>([:])

    public init() {}

    /// Starts a service and keeps it as `serviceType`, in place of whatever was kept before.
    public func register<Service: Sendable>(
        _ serviceType: Service.Type,
        startingWith start: @Sendable () async -> Service
    ) async {
        let service = await start()
        services.withLock { $0[ObjectIdentifier(serviceType)] = service }
    }

    /// The service kept as `serviceType`.
    ///
    /// - Throws: `MissingServiceError`, naming `serviceType`, when nothing was registered as it.
    public func resolve<Service: Sendable>(_ serviceType: Service.Type) async throws -> Service {
        let stored = services.withLock { $0[ObjectIdentifier(serviceType)] }
        guard let service = stored as? Service else {
            throw MissingServiceError(serviceType)
        }
        return service
    }
}

/// Thrown when a service is asked for that nobody registered.
public struct MissingServiceError: Error, CustomStringConvertible {
    public let serviceTypeName: String

    public init<Service>(_ serviceType: Service.Type) {
        serviceTypeName = String(describing: serviceType)
    }

    public var description: String {
        "No service is registered as \(serviceTypeName)."
    }
}
