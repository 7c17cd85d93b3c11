/// What `UserManager` needs from a place that keeps users, whatever that place is: a folder on
/// disk in the app, a dictionary in memory in a test.
///
/// It refines `Sendable` because the app shares its one storage with every task.
public nonisolated protocol UserStorage: Sendable {
    // TODO: Step 1. This protocol names nothing yet, so code that holds an `any UserStorage` can
    // do nothing with it. List the two methods `UserManager` calls on `DiskUserStorage`, copied
    // word for word from there: `user(named:)` and `save(_:)`. List nothing else: the tests' own
    // storages implement exactly those two.
}
