// swift-tools-version: 6.2
//
// The workbook's machinery: the learner's runner (`Scripts/progress`), the teacher's class report
// (`Scripts/class-report`) and the maintainer's proof (`Scripts/verify`), with their own tests.
// A package of its own, so that the course's package holds only the course: `swift test` at the
// workbook's root runs the chapters' tests and nothing else.
//
// Layers the compiler keeps apart (Scripts/README.md has the map): `WorkbookCore` knows the
// workbook, processes, builds, test events and the progress file; one module per audience sits on
// it (`WorkbookLearner`, `WorkbookTeacher`, `WorkbookVerify`), and none of those three imports
// another. The `workbook` tool is a thin layer over all of them.

import PackageDescription

let package = Package(
    name: "WorkbookRunner",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "workbook", targets: ["workbook"])],
    targets: [
        .target(name: "WorkbookCore"),
        .target(name: "WorkbookLearner", dependencies: ["WorkbookCore"]),
        .target(name: "WorkbookTeacher", dependencies: ["WorkbookCore"]),
        .target(name: "WorkbookVerify", dependencies: ["WorkbookCore"]),
        .executableTarget(
            name: "workbook", dependencies: ["WorkbookCore", "WorkbookLearner", "WorkbookTeacher", "WorkbookVerify"]),

        .target(name: "WorkbookTestSupport", dependencies: ["WorkbookCore"], path: "Tests/WorkbookTestSupport"),
        .testTarget(name: "WorkbookCoreTests", dependencies: ["WorkbookCore", "WorkbookTestSupport"]),
        .testTarget(
            name: "WorkbookLearnerTests", dependencies: ["WorkbookCore", "WorkbookLearner", "WorkbookTestSupport"]),
        .testTarget(
            name: "WorkbookTeacherTests", dependencies: ["WorkbookCore", "WorkbookTeacher", "WorkbookTestSupport"]),
        .testTarget(
            name: "WorkbookVerifyTests", dependencies: ["WorkbookCore", "WorkbookVerify", "WorkbookTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
