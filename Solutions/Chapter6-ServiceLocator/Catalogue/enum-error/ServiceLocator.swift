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
            throw ServiceLocatorError.notRegistered(String(describing: serviceType))
        }
        return service
    }
}

/// What can go wrong when asking the locator for a service. Printed, a case shows its payload:
/// `notRegistered("UserProviding")`.
public enum ServiceLocatorError: Error {
    case notRegistered(String)
}
