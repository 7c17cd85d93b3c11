// The workbook's command-line tool. `Scripts/progress` and `Scripts/verify` are thin wrappers
// around it; run `./Scripts/progress --help` or `./Scripts/verify --help`.

import Foundation
import WorkbookKit

let arguments = Array(CommandLine.arguments.dropFirst())
let workbook: Workbook
do {
    workbook = try Workbook(containing: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
} catch {
    FileHandle.standardError.write(Data("workbook: \(error)\n".utf8))
    exit(2)
}

let status: Int32
switch arguments.first {
case "progress":
    status = await ProgressCommand.main(Array(arguments.dropFirst()), workbook: workbook)
case "verify":
    status = await VerifyCommand.main(Array(arguments.dropFirst()), workbook: workbook)
default:
    print("usage: workbook progress [options]  |  workbook verify [options]   (see --help of each)")
    status = arguments.first == "--help" ? 0 : 2
}
exit(status)
