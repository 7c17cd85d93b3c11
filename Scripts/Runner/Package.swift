// swift-tools-version: 6.1
//
// The workbook's machinery: the learner's runner (`Scripts/progress`), the teacher's class report
// (`Scripts/class-report`) and the maintainer's proof (`Scripts/verify`), with their own tests.
// A package of its own, so that the course's package holds only the course: `swift test` at the
// workbook's root runs the chapters' tests and nothing else.

import PackageDescription

let package = Package(
    name: "WorkbookRunner",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "workbook", targets: ["workbook"])],
    targets: [
        .target(name: "WorkbookKit"),
        .executableTarget(name: "workbook", dependencies: ["WorkbookKit"]),
        .testTarget(name: "WorkbookKitTests", dependencies: ["WorkbookKit"]),
    ],
    swiftLanguageModes: [.v6]
)
