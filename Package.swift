// swift-tools-version: 6.2
//
// The workbook's one manifest. Each entry of `chapters` below becomes three targets:
//
//   ChapterN          the starter the learner edits             Chapters/<folder>/
//   ChapterNSolution  the reference solution                    Solutions/<folder>/
//   ChapterNTests     the chapter's tests                       Tests/ChapterNTests/
//
// The tests always say `import ChapterN`. By default that is the starter, and the solutions are
// not built at all: a learner's build compiles only what the learner runs. With
// `WORKBOOK=solutions` the very same test sources are compiled against `ChapterNSolution`
// instead (through a module alias), which is how the maintainers prove every solution passes.
//
// Two worlds: `library` (the default) builds the chapters as a library module is built, nonisolated
// by default; `app` builds them as an Xcode 26 app target is built (default isolation MainActor,
// SE-0466, and the upcoming features NonisolatedNonsendingByDefault and InferIsolatedConformances).
// A class's world is `classWorld` below; `WORKBOOK_WORLD=app` (or `library`) overrides it for a run.
//
// The course only: the runner, the class report and the verifier are a package of their own, in
// `Scripts/Runner/`, which the scripts build.

import Foundation
import PackageDescription

struct Chapter {
    /// The chapter's number: module names are `ChapterN`, `ChapterNSolution`, `ChapterNTests`.
    let number: Int
    /// The folder name under `Chapters/` and `Solutions/`, for example `Chapter1-GlobalVsSingleton`.
    let folder: String
    /// Whether the learner also writes test code (a stub, a fake, a test trait). It lives in the
    /// chapter's `TestDoubles/` folder, which becomes a module of its own, `ChapterNTestDoubles`,
    /// that the tests import; in solutions mode it is built from `Solutions/<folder>/TestDoubles/`.
    var learnerWritesTestDoubles = false
    /// Whether the reference solution has a mutation ledger, `MUTANTS.md` (written by
    /// `./Scripts/verify --mutants N --write-ledger`), which its target then leaves out. Declared
    /// here rather than found on disk, for the reason `solutionDocuments` gives; verify checks the
    /// two agree.
    var hasMutationLedger = false
}

/// The folder, inside a chapter, of the test code the learner writes.
let testDoublesFolder = "TestDoubles"

/// Every chapter that exists, in order. Keep it at nine or fewer: `--filter Chapter1`
/// would also select a `Chapter10`.
let chapters: [Chapter] = [
    Chapter(number: 1, folder: "Chapter1-GlobalVsSingleton", hasMutationLedger: true),
    Chapter(number: 2, folder: "Chapter2-SingletonPlus", hasMutationLedger: true),
    Chapter(number: 3, folder: "Chapter3-TestingPain", hasMutationLedger: true),
    Chapter(number: 4, folder: "Chapter4-SubclassStubs", learnerWritesTestDoubles: true, hasMutationLedger: true),
    Chapter(number: 5, folder: "Chapter5-ProtocolInjection", learnerWritesTestDoubles: true, hasMutationLedger: true),
    Chapter(number: 6, folder: "Chapter6-ServiceLocator", hasMutationLedger: true),
    Chapter(number: 7, folder: "Chapter7-Current", learnerWritesTestDoubles: true, hasMutationLedger: true),
    Chapter(number: 8, folder: "Chapter8-Capstone", learnerWritesTestDoubles: true, hasMutationLedger: true),
]

// MARK: - Switches read from the environment

let environment = ProcessInfo.processInfo.environment

/// `WORKBOOK=solutions` checks the solutions; unset (or `starters`) checks the learner's code.
let checksSolutions: Bool = {
    switch environment["WORKBOOK"] ?? "" {
    case "", "starters": return false
    case "solutions": return true
    case let other:
        fatalError("WORKBOOK=\(other) is not a mode of the workbook: leave it unset, or use WORKBOOK=solutions.")
    }
}()

/// The world a class works in, `"library"` or `"app"`: a teacher who wants a class to work as in an
/// Xcode 26 app target sets `"app"` here, in the class's copy of the workbook, and commits it. It is
/// a line of this manifest rather than a file beside it, because SwiftPM caches the manifest's
/// result by its text and its environment, and would not see a file change. The runner reads this
/// line too (`WorkbookWorld` in `Scripts/Runner`): keep its form.
let classWorld = "library"

/// `WORKBOOK_WORLD=app` builds the chapters as an app target; `library` as a library module; unset,
/// the class's world above.
let buildsAppWorld: Bool = {
    switch environment["WORKBOOK_WORLD"].flatMap({ $0.isEmpty ? nil : $0 }) ?? classWorld {
    case "library": return false
    case "app": return true
    case let other:
        fatalError(
            "WORKBOOK_WORLD=\(other) is not a world of the workbook: leave it unset, or use WORKBOOK_WORLD=app "
                + "(as an Xcode 26 app target) or WORKBOOK_WORLD=library (as a library module), or correct "
                + "`classWorld` in Package.swift.")
    }
}()

/// `WORKBOOK_CHAPTERS=1,3` builds only those chapters. The runner uses it so that a chapter
/// that does not compile cannot stop the others from being built and tested.
let selectedChapters: Set<Int>? = environment["WORKBOOK_CHAPTERS"].map { list in
    Set(list.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) })
}

/// The lesson and hints beside the starter; beside the solution, the walk-through, the teacher's
/// notes and the catalogue of other designs and typical mistakes (pages of diffs that
/// `Scripts/verify` applies, never part of a module). Listed by name rather than found on disk, because
/// SwiftPM caches this manifest's result and would not see a file added later.
let starterDocuments = ["README.md", "HINTS.md"]
let solutionDocuments = ["SOLUTION.md", "TEACHING.md", "Catalogue"]

/// Tells the shared test helpers which code the tests are compiled against, and in which world
/// (their compile checks compile the chapter's sources themselves, with the world's settings).
let modeSettings: [SwiftSetting] =
    (checksSolutions ? [.define("WORKBOOK_SOLUTIONS")] : []) + (buildsAppWorld ? [.define("WORKBOOK_APP_WORLD")] : [])

/// What an Xcode 26 app target compiles with, for the chapters' code and the learner's test code.
/// The tests themselves (`ChapterNTests`, `WorkbookSupport`) do not get them: they are the same
/// program in both worlds, so that only the code under test changes, and the isolation their
/// timing relies on (a test on the main actor, a helper off it) is what they say, not a default.
/// Xcode 26's unit-test template does not set default isolation `MainActor` either.
/// Their one home: the compile checks (`WorkbookSupport/Toolchain.swift`) and the runner read them from here.
let worldSettings: [SwiftSetting] =
    buildsAppWorld
    ? [
        .defaultIsolation(MainActor.self),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
    ] : []

// MARK: - Targets

var targets: [Target] = [
    // Helpers every chapter's tests share: compile checks, temporary folders.
    .target(name: "WorkbookSupport", path: "Tests/WorkbookSupport", swiftSettings: modeSettings)
]

for chapter in chapters where selectedChapters?.contains(chapter.number) ?? true {
    let starter = "Chapter\(chapter.number)"
    let solution = "\(starter)Solution"
    let tests = "\(starter)Tests"
    let testCode = chapter.learnerWritesTestDoubles ? [testDoublesFolder] : []

    // Each mode builds only its own side: the starters for the learner (so a learner's build never
    // waits for, or breaks on, a solution), the solutions for `WORKBOOK=solutions` (so a
    // half-edited starter never stops the solutions from being checked). `./Scripts/verify`
    // builds both, each with warnings as errors, so a broken solution is never hidden.
    if checksSolutions {
        targets.append(
            .target(
                name: solution, path: "Solutions/\(chapter.folder)",
                exclude: solutionDocuments + testCode + (chapter.hasMutationLedger ? ["MUTANTS.md"] : []),
                swiftSettings: worldSettings))
    } else {
        targets.append(
            .target(
                name: starter, path: "Chapters/\(chapter.folder)", exclude: starterDocuments + testCode,
                swiftSettings: worldSettings))
    }

    var aliasSettings = modeSettings
    if checksSolutions {
        // `import ChapterN` in the tests (and in compile-check snippets) means the solution.
        aliasSettings.append(.unsafeFlags(["-module-alias", "\(starter)=\(solution)"]))
    }
    var testDependencies: [Target.Dependency] = [
        .target(name: checksSolutions ? solution : starter), "WorkbookSupport",
    ]

    if chapter.learnerWritesTestDoubles {
        // The learner's test code, or its solved twin, as a module the tests import.
        let doubles = "\(starter)TestDoubles"
        targets.append(
            .target(
                name: doubles, dependencies: [.target(name: checksSolutions ? solution : starter)],
                path: "\(checksSolutions ? "Solutions" : "Chapters")/\(chapter.folder)/\(testDoublesFolder)",
                swiftSettings: aliasSettings + worldSettings))
        testDependencies.append(.target(name: doubles))
    }
    targets.append(
        .testTarget(name: tests, dependencies: testDependencies, path: "Tests/\(tests)", swiftSettings: aliasSettings))
}

// The shared helpers' own tests (the rule checks' generator and shrinker, the concurrency
// helpers). They belong to no chapter and pass in both modes; `./Scripts/verify` runs them with
// everything else. A chapter's own run (`WORKBOOK_CHAPTERS=N`) leaves them out.
if selectedChapters == nil {
    targets.append(
        .testTarget(
            name: "WorkbookSupportTests", dependencies: ["WorkbookSupport"], path: "Tests/WorkbookSupportTests"))
}

let package = Package(
    name: "SingletonsWorkbook",
    platforms: [.macOS(.v15)],  // `Mutex` (module Synchronization) needs macOS 15.
    targets: targets,
    swiftLanguageModes: [.v6]
)
