import Chapter4

// This file is test code: it is compiled into `Chapter4TestDoubles`, a module that only the tests
// import (with `@testable`, as they would a test target of your own), never into the app.

// TODO: Step 3. The screen only accepts a `ScarySingleton`, so the stub has to be one: make it a
// subclass of `ScarySingleton`. (This compiles only once Step 2 is done.)
/// A stand-in for `ScarySingleton` that the tests hand to the profile screen. It should remember
/// what it was asked to do, and do none of the real work.
final class ScarySingletonStub {
    /// How many times someone asked the stub for the important work.
    private(set) var doSomethingImportantCallCount = 0

    // TODO: Step 3. Once the stub is a subclass, this method must override the real one: count
    // the call here, and do none of the real, scary work.
    func doSomethingImportant() {}
}
