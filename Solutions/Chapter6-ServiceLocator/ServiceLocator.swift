/// Keeps the app's services, each under the type it was registered as, and hands them out on
/// request. In an app, the composition root (the app delegate, or the SwiftUI `App`) makes one
/// locator at launch and passes it to the factories and routers that build screens. Screens never
/// see it.
///
/// An actor, because many tasks register and resolve at once. There is no `static let shared`: a
/// locator that anyone can reach is a dependency that nobody declares. Whoever needs this one has
/// to be given it.
public actor ServiceLocator {
    /// Keyed by the identity of the registered type. `any UserProviding` and `UserService` are two
    /// keys, and two protocols that happen to share a name in different modules are two keys too.
    private var services: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    /// Starts a service and keeps it as `serviceType`, in place of whatever was kept as
    /// `serviceType` before. The service is started once, here; every `resolve` hands out this
    /// same instance.
    public func register<Service: Sendable>(
        _ serviceType: Service.Type,
        startingWith start: @Sendable () async -> Service
    ) async {
        // An actor runs one call at a time only between suspension points: while this call waits
        // for the service to start, other registrations run. So the service is started first, and
        // the table is read and written after the last `await`, in one step.
        let service = await start()
        services[ObjectIdentifier(serviceType)] = service
    }

    /// The service kept as `serviceType`.
    ///
    /// - Throws: `MissingServiceError`, naming `serviceType`, when nothing was registered as it.
    public func resolve<Service: Sendable>(_ serviceType: Service.Type) async throws -> Service {
        // The cast cannot fail for a service stored by `register`, which files each service under
        // its own type; a missing entry is the only way to get past it.
        guard let service = services[ObjectIdentifier(serviceType)] as? Service else {
            throw MissingServiceError(serviceType)
        }
        return service
    }
}

/// Thrown when a service is asked for that nobody registered. Its description names the missing
/// type, because that is the first thing anyone reading a crash log or a failed test needs.
public nonisolated struct MissingServiceError: Error, CustomStringConvertible {
    /// The name of the type that was asked for, for example `UserProviding`.
    public let serviceTypeName: String

    public init<Service>(_ serviceType: Service.Type) {
        serviceTypeName = String(describing: serviceType)
    }

    public var description: String {
        "No service is registered as \(serviceTypeName). Register one where the app is put together, "
            + "before anything asks for it."
    }
}
