import Foundation
import WorkbookCore

/// The copies of a chapter's files that reset and restore make first, in `.workbook/backups/`.
enum Backups {
    static let folder = ".workbook/backups"

    /// A copy of the chapter's starter folder as it is now, in a folder no other backup has:
    /// `<chapter folder>-<yyyyMMdd-HHmmss-SSS>`, with `-2`, `-3`… when that is taken (two
    /// backups within a millisecond, or two runners at once).
    static func make(of chapter: Chapter, in workbook: Workbook) throws -> URL {
        let fileManager = FileManager.default
        let parent = workbook.root.appendingPathComponent(folder)
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot make the folder \(folder): \(describe(error))")
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss-SSS"
        let base = "\(chapter.folder)-\(formatter.string(from: Date()))"
        let source = workbook.root.appendingPathComponent(chapter.starterFolder)
        for attempt in 1...100 {
            let backup = parent.appendingPathComponent(attempt == 1 ? base : "\(base)-\(attempt)")
            if fileManager.fileExists(atPath: backup.path) { continue }
            do {
                try fileManager.copyItem(at: source, to: backup)
                return backup
            } catch  where fileManager.fileExists(atPath: backup.path) && attempt < 100 {
                continue  // taken meanwhile by another runner
            } catch {
                throw CommandError("cannot copy \(chapter.starterFolder) to \(folder): \(describe(error))")
            }
        }
        throw CommandError("cannot find a free name for a backup of \(chapter.starterFolder) in \(folder)")
    }

    /// Reads the learner's answer to a question just asked: yes for `y` or `yes`; otherwise says
    /// that nothing was changed.
    static func answeredYes() -> Bool {
        guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
            print("Nothing was changed.")
            return false
        }
        return true
    }

    /// A backup of the chapter's files before reset or restore replaces them, or `nil` when it
    /// could not be made (and then nothing is changed, as it says).
    static func makeBeforeReplacing(_ chapter: Chapter, in workbook: Workbook) -> URL? {
        do {
            return try make(of: chapter, in: workbook)
        } catch {
            printError("Nothing was changed: \(error)")
            return nil
        }
    }

    /// The chapter's backups, oldest first.
    static func all(of chapter: Chapter, in workbook: Workbook) -> [URL] {
        let parent = workbook.root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        let prefix = chapter.folder + "-"
        return names.filter { $0.hasPrefix(prefix) }
            .map { name -> (String, Int, String) in
                // "<stamp>" or "<stamp>-<k>": order by the stamp, then by k as a number.
                let stamp = String(name.dropFirst(prefix.count))
                let parts = stamp.split(separator: "-")
                if parts.count == 4, let attempt = Int(parts[3]) {
                    return (parts.prefix(3).joined(separator: "-"), attempt, name)
                }
                return (stamp, 1, name)
            }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
            .map { parent.appendingPathComponent($0.2) }
    }

    /// A Foundation error in a sentence, without its domain and code.
    static func describe(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        let code = underlying.map { Int32($0.code) } ?? 0
        if underlying?.domain == NSPOSIXErrorDomain, let reason = strerror(code) { return String(cString: reason) }
        return (error as NSError).localizedDescription
    }
}
