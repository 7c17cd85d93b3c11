/// Keeps the app's services, each under the type it was registered as, and starts each one the
/// first time somebody asks for it (Swinject's `.container` scope).
public actor ServiceLocator {
    /// A service that nobody has asked for yet, or the one task that is starting (or started) it.
    private enum Entry {
        case waiting(@Sendable () async -> any Sendable)
        case starting(Task<any Sendable, Never>)
    }

    private var services: [ObjectIdentifier: Entry] = [:]

    public init() {}

    /// Keeps `start` as the way to make the service kept as `serviceType`, in place of whatever
    /// was kept before. The service starts on the first `resolve`.
    public func register<Service: Sendable>(
        _ serviceType: Service.Type,
        startingWith start: @escaping @Sendable () async -> Service
    ) async {
        services[ObjectIdentifier(serviceType)] = .waiting(start)
    }

    /// The service kept as `serviceType`.
    ///
    /// - Throws: `MissingServiceError`, naming `serviceType`, when nothing was registered as it.
    public func resolve<Service: Sendable>(_ serviceType: Service.Type) async throws -> Service {
        let key = ObjectIdentifier(serviceType)
        let starting: Task<any Sendable, Never>
        switch services[key] {
        case nil:
            throw MissingServiceError(serviceType)
        case .waiting(let start):
            // The task is stored before the first `await`: whoever asks while the service is still
            // starting finds it and waits for the same instance.
            starting = Task { await start() }
            services[key] = .starting(starting)
        case .starting(let task):
            starting = task
        }
        guard let service = await starting.value as? Service else {
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
