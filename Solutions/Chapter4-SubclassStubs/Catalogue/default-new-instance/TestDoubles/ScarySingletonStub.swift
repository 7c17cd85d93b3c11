import Chapter4

// This file is test code: it is compiled into `Chapter4TestDoubles`, a module that only the tests
// import (with `@testable`, as they would a test target of your own), never into the app.

/// A stand-in for `ScarySingleton` that the tests hand to the profile screen. It remembers what it
/// was asked to do, and does none of the real work.
///
/// As a subclass of a `@MainActor` class, it is on the main actor too, so its counter is as safe
/// as the singleton's own state.
final class ScarySingletonStub: ScarySingleton {
    /// How many times someone asked the stub for the important work.
    private(set) var doSomethingImportantCallCount = 0

    /// Counts the call instead of doing the work. It does not call `super`: the real method is
    /// exactly what a test must not run.
    override func doSomethingImportant() {
        doSomethingImportantCallCount += 1
    }
}
