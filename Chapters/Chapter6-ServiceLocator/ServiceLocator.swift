/// Keeps the app's services, each under the type it was registered as, and hands them out on
/// request. In an app it would be filled at launch with the real services (a user service, a
/// network client, a database) and asked for them wherever one is needed.
///
/// An actor, because many tasks register and resolve at once.
public actor ServiceLocator {
    // TODO: Step 4. A locator anyone can reach is a dependency nobody has to declare: the edit-profile
    // screen uses it without saying so. Delete `shared`; the compiler will then point at every
    // place that reached for it.
    public static let shared = ServiceLocator()

    // TODO: Step 1. The table is keyed by type names, and names are not unique: two modules can
    // each have a `Client`, and both are filed under "Client". Key the table by the type itself.
    private var services: [String: any Sendable] = [:]

    public init() {}

    /// Starts a service and keeps it as `serviceType`, in place of whatever was kept as
    /// `serviceType` before. The service is started once, here; every `resolve` hands out this
    /// same instance.
    public func register<Service: Sendable>(
        _ serviceType: Service.Type,
        startingWith start: @Sendable () async -> Service
    ) async {
        // TODO: Step 3. Services registered at the same moment get lost. An actor runs one call at a
        // time, but only between suspension points: while this call waits for its service to start,
        // other registrations run, and then this call stores its old copy of the table over theirs.
        // Change the table in one step, with no `await` between reading it and writing it.
        var table = services
        let service = await start()

        // TODO: Step 1. A second registration for the same type is ignored: the first service
        // stays. Let the new service replace the old one, under a key that is the type itself.
        let key = String(describing: serviceType)
        if table[key] == nil {
            table[key] = service
        }
        services = table
    }

    /// The service kept as `serviceType`.
    ///
    /// - Throws: `MissingServiceError` when nothing was registered as `serviceType`.
    public func resolve<Service: Sendable>(_ serviceType: Service.Type) async throws -> Service {
        // TODO: Step 1. Look the service up by the type itself, as `register` files it.
        guard let service = services[String(describing: serviceType)] as? Service else {
            // TODO: Step 2. Tell the error which type was asked for.
            throw MissingServiceError()
        }
        return service
    }
}

/// Thrown when a service is asked for that nobody registered.
public nonisolated struct MissingServiceError: Error, CustomStringConvertible {
    // TODO: Step 2. "A service is missing" sends whoever reads it on a hunt. Keep the name of the
    // type that was asked for (`String(describing:)` of a type gives its name) and say it in
    // `description`.
    public init() {}

    public var description: String {
        "A service is missing."
    }
}
