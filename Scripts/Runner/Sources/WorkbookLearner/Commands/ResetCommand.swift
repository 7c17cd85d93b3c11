import Foundation
import WorkbookCore

/// `./Scripts/progress --reset N`: the chapter back as committed, after a backup of the learner's files.
enum ResetCommand {
    static func main(chapter: Chapter, confirmed: Bool, workbook: Workbook) async -> Int32 {
        let folder = chapter.starterFolder
        func git(_ arguments: [String]) async -> CommandResult? {
            try? await Command(["git", "-C", workbook.root.path] + arguments, in: workbook.root).run()
        }
        guard let status = await git(["status", "--porcelain", "--", folder]), status.succeeded else {
            printError("Reset needs the workbook's git history, and this folder is not a git checkout.")
            return 1
        }
        if status.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            print("Chapter \(chapter.number) is already as committed: nothing to reset.")
            return 0
        }
        if !confirmed {
            guard isatty(STDIN_FILENO) == 1 else {
                printError(
                    "Resetting replaces your files in \(folder) with the committed starter. "
                        + "Run again with --yes to do it (your files are copied to \(Backups.folder)/ first).")
                return 1
            }
            print("Reset chapter \(chapter.number)? Your files in \(folder) are copied to \(Backups.folder)/")
            printNow("first, then replaced with the starter as committed. [y/N] ", terminator: "")
            guard Backups.answeredYes() else { return 1 }
        }

        guard let backup = Backups.makeBeforeReplacing(chapter, in: workbook) else { return 1 }
        let restored = await git(["checkout", "HEAD", "--", folder])
        let cleaned = await git(["clean", "-f", "-d", "-q", "--", folder])
        guard restored?.succeeded == true, cleaned?.succeeded == true else {
            printError(
                "Could not restore \(folder) from git: \(restored?.output ?? "") \(cleaned?.output ?? "")\n"
                    + "Your files are safe in \(workbook.relativePath(backup.path)).")
            return 1
        }
        print("Chapter \(chapter.number) is back as committed.")
        print("Your files were copied to \(workbook.relativePath(backup.path))")
        print("To bring them back: ./Scripts/progress --restore \(chapter.number)")
        return 0
    }
}
