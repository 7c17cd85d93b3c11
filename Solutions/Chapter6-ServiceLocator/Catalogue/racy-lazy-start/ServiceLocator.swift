/// Keeps the app's services, each under the type it was registered as, and starts each one the
/// first time somebody asks for it.
public actor ServiceLocator {
    private var starters: [ObjectIdentifier: @Sendable () async -> any Sendable] = [:]
    private var services: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    /// Keeps `start` as the way to make the service kept as `serviceType`. It starts on the first
    /// `resolve`.
    public func register<Service: Sendable>(
        _ serviceType: Service.Type,
        startingWith start: @escaping @Sendable () async -> Service
    ) async {
        let key = ObjectIdentifier(serviceType)
        services[key] = nil
        starters[key] = start
    }

    /// The service kept as `serviceType`.
    public func resolve<Service: Sendable>(_ serviceType: Service.Type) async throws -> Service {
        let key = ObjectIdentifier(serviceType)
        if let service = services[key] as? Service { return service }
        guard let start = starters[key] else { throw MissingServiceError(serviceType) }
        // The mistake: while this call waits for the service to start, other requests run, find
        // no service yet, and start one each.
        let started = await start()
        services[key] = started
        guard let service = started as? Service else { throw MissingServiceError(serviceType) }
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
