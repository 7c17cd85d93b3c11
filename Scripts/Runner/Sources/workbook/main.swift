// The workbook's command-line tool. `Scripts/progress` and `Scripts/verify` are thin wrappers
// around it; run `./Scripts/progress --help` or `./Scripts/verify --help`.

import Foundation
import WorkbookCore
import WorkbookLearner
import WorkbookTeacher
import WorkbookVerify

Trace.mark("started")
let arguments = Array(CommandLine.arguments.dropFirst())

/// The workbook: where the wrapper scripts say it is, or the one around the current folder.
func workbook() -> Workbook {
    let start = ProcessInfo.processInfo.environment["WORKBOOK_ROOT"] ?? FileManager.default.currentDirectoryPath
    do {
        return try Workbook(containing: URL(fileURLWithPath: start))
    } catch {
        FileHandle.standardError.write(Data("workbook: \(error)\n".utf8))
        exit(2)
    }
}

let status: Int32
switch arguments.first {
case "class-report":
    status = ClassReportCommand.main(Array(arguments.dropFirst()))
case "progress":
    status = await ProgressCommand.main(Array(arguments.dropFirst()), workbook: workbook())
case "verify":
    status = await VerifyCommand.main(Array(arguments.dropFirst()), workbook: workbook())
default:
    print("usage: workbook progress|verify|class-report [options]   (see --help of each)")
    status = arguments.first == "--help" ? 0 : 2
}
exit(status)
