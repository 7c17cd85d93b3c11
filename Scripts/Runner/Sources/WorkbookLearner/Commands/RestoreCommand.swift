import Foundation
import WorkbookCore

/// `./Scripts/progress --restore N`: the chapter's last backup back in place, after a backup of
/// the files it replaces (so a second restore undoes the first).
enum RestoreCommand {
    static func main(chapter: Chapter, confirmed: Bool, workbook: Workbook) -> Int32 {
        let folder = chapter.starterFolder
        guard let latest = Backups.all(of: chapter, in: workbook).last else {
            printError(
                "Chapter \(chapter.number) has no backup in \(Backups.folder)/: one is made each time "
                    + "--reset or --restore replaces your files.")
            return 1
        }
        let name = workbook.relativePath(latest.path)
        if !confirmed {
            guard isatty(STDIN_FILENO) == 1 else {
                printError(
                    "Restoring replaces your files in \(folder) with the backup \(name). "
                        + "Run again with --yes to do it (your files are copied to \(Backups.folder)/ first).")
                return 1
            }
            print("Restore chapter \(chapter.number) from \(name)?")
            print("Your files in \(folder) are copied to \(Backups.folder)/ first, then replaced with the backup.")
            printNow("[y/N] ", terminator: "")
            guard Backups.answeredYes() else { return 1 }
        }
        let fileManager = FileManager.default
        guard let backup = Backups.makeBeforeReplacing(chapter, in: workbook) else { return 1 }
        // Copy beside the chapter first, then swap, so a failed copy leaves the chapter as it was.
        let target = workbook.root.appendingPathComponent(folder)
        let staging = target.deletingLastPathComponent().appendingPathComponent(".restoring-\(UUID().uuidString)")
        do {
            try fileManager.copyItem(at: latest, to: staging)
        } catch {
            try? fileManager.removeItem(at: staging)
            printError("Nothing was changed: cannot copy \(name): \(Backups.describe(error))")
            return 1
        }
        do {
            try fileManager.removeItem(at: target)
            try fileManager.moveItem(at: staging, to: target)
        } catch {
            printError(
                "Could not put \(name) in place of \(folder): \(Backups.describe(error))\n"
                    + "Your files are safe in \(workbook.relativePath(backup.path)), and the backup in \(name).")
            return 1
        }
        print("Chapter \(chapter.number) is back as it was in \(name).")
        print("Your files before the restore were copied to \(workbook.relativePath(backup.path))")
        print("(./Scripts/progress --restore \(chapter.number) again brings those back.)")
        return 0
    }
}
