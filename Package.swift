// swift-tools-version: 6.1
//
// The workbook's one manifest. Each entry of `chapters` below becomes three targets:
//
//   ChapterN          the starter the learner edits             Chapters/<folder>/
//   ChapterNSolution  the reference solution                    Solutions/<folder>/
//   ChapterNTests     the chapter's tests                       Tests/ChapterNTests/
//
// The tests always say `import ChapterN`. By default that is the starter. With
// `WORKBOOK=solutions` the very same test sources are compiled against `ChapterNSolution`
// instead (through a module alias), which is how the maintainers prove every solution passes.

import Foundation
import PackageDescription

struct Chapter {
    /// The chapter's number: module names are `ChapterN`, `ChapterNSolution`, `ChapterNTests`.
    let number: Int
    /// The folder name under `Chapters/` and `Solutions/`, for example `Chapter1-GlobalVsSingleton`.
    let folder: String
    /// Whether the learner also writes test code (a stub, a fake). It lives in the chapter's
    /// `TestDoubles/` folder and is compiled into the test target, not the starter; in solutions
    /// mode `Solutions/<folder>/TestDoubles/` is compiled in its place.
    var learnerWritesTestDoubles = false
}

/// The folder, inside a chapter, of the test code the learner writes.
let testDoublesFolder = "TestDoubles"

/// Every chapter that exists, in order. Keep it at nine or fewer: `--filter Chapter1`
/// would also select a `Chapter10`.
let chapters: [Chapter] = [
    Chapter(number: 1, folder: "Chapter1-GlobalVsSingleton"),
    Chapter(number: 7, folder: "Chapter7-Current", learnerWritesTestDoubles: true),
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

/// `WORKBOOK_CHAPTERS=1,3` builds only those chapters. The runner uses it so that a chapter
/// that does not compile cannot stop the others from being built and tested.
let selectedChapters: Set<Int>? = environment["WORKBOOK_CHAPTERS"].map { list in
    Set(list.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) })
}

/// The lessons, hints and walk-throughs (Markdown) sit beside the code they explain; they are
/// not sources. Lists a chapter folder's Markdown files, to leave them out of the target.
func documents(in folder: String) -> [String] {
    let path = Context.packageDirectory + "/" + folder
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted()
}

/// Tells the shared test helpers which code the tests are compiled against.
let modeSettings: [SwiftSetting] = checksSolutions ? [.define("WORKBOOK_SOLUTIONS")] : []

// MARK: - Targets

var targets: [Target] = [
    // Helpers every chapter's tests share: compile checks, temporary folders.
    .target(
        name: "WorkbookSupport", dependencies: ["WorkbookKit"], path: "Tests/WorkbookSupport",
        swiftSettings: modeSettings),
    // The learner's runner (`Scripts/progress`) and the maintainer's proof (`Scripts/verify`).
    .target(name: "WorkbookKit", path: "Scripts/Runner/WorkbookKit"),
    .executableTarget(name: "workbook", dependencies: ["WorkbookKit"], path: "Scripts/Runner/workbook"),
    .testTarget(name: "WorkbookKitTests", dependencies: ["WorkbookKit"], path: "Tests/WorkbookKitTests"),
]

for chapter in chapters where selectedChapters?.contains(chapter.number) ?? true {
    let starter = "Chapter\(chapter.number)"
    let solution = "\(starter)Solution"
    let tests = "\(starter)Tests"
    let testCode = chapter.learnerWritesTestDoubles ? [testDoublesFolder] : []

    // The starter is left out in solutions mode, so a half-edited starter never stops the
    // solutions from being checked. Solutions are built in both modes, so a broken solution
    // is never hidden.
    if !checksSolutions {
        let path = "Chapters/\(chapter.folder)"
        targets.append(.target(name: starter, path: path, exclude: documents(in: path) + testCode))
    }
    let solutionPath = "Solutions/\(chapter.folder)"
    targets.append(.target(name: solution, path: solutionPath, exclude: documents(in: solutionPath) + testCode))

    var testSettings = modeSettings
    if checksSolutions {
        // `import ChapterN` in the tests (and in compile-check snippets) means the solution.
        testSettings.append(.unsafeFlags(["-module-alias", "\(starter)=\(solution)"]))
    }
    let testDependencies: [Target.Dependency] = [
        .target(name: checksSolutions ? solution : starter), "WorkbookSupport",
    ]

    if chapter.learnerWritesTestDoubles {
        // The test target also compiles the test code the learner writes (or, in solutions
        // mode, its solved twin), so its sources are listed from the package root.
        let learnerCode = "\(checksSolutions ? "Solutions" : "Chapters")/\(chapter.folder)/\(testDoublesFolder)"
        targets.append(
            .testTarget(
                name: tests, dependencies: testDependencies, path: ".",
                sources: ["Tests/\(tests)", learnerCode], swiftSettings: testSettings))
    } else {
        targets.append(
            .testTarget(
                name: tests, dependencies: testDependencies, path: "Tests/\(tests)", swiftSettings: testSettings))
    }
}

let package = Package(
    name: "SingletonsWorkbook",
    platforms: [.macOS(.v15)],  // `Mutex` (module Synchronization) needs macOS 15.
    products: [.executable(name: "workbook", targets: ["workbook"])],
    targets: targets,
    swiftLanguageModes: [.v6]
)
