import Foundation

public enum VerifyCommand {
    public static func main(_ arguments: [String], workbook: Workbook) async -> Int32 {
        printError("verify: not written yet")
        return 1
    }
}
