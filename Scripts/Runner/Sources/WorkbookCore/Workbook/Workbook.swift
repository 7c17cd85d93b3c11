import Foundation

/// The workbook on disk: where it is and which chapters it has.
public struct Workbook: Sendable {
    /// The folder that holds `Package.swift`.
    public let root: URL
    /// The chapters, in order, found from the folders in `Chapters/`.
    public let chapters: [Chapter]

    /// Finds the workbook that contains `folder` (or one of its parents).
    public init(containing folder: URL) throws {
        var candidate = folder.standardizedFileURL
        while true {
            let manifest = candidate.appendingPathComponent("Package.swift")
            let chapters = candidate.appendingPathComponent("Chapters")
            if FileManager.default.fileExists(atPath: manifest.path),
                FileManager.default.fileExists(atPath: chapters.path)
            {
                try self.init(root: candidate)
                return
            }
            let parent = candidate.deletingLastPathComponent()
            guard parent.path != candidate.path else {
                throw CommandError("\(folder.path) is not inside the workbook: no Package.swift with a Chapters folder")
            }
            candidate = parent
        }
    }

    package init(root: URL, chapters: [Chapter]) {
        self.root = root.standardizedFileURL
        self.chapters = chapters
    }

    public init(root: URL) throws {
        self.root = root.standardizedFileURL
        let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Chapters").path)
        chapters = names.compactMap { Chapter(folder: $0, root: root) }.sorted { $0.number < $1.number }
    }

    public func chapter(_ number: Int) -> Chapter? {
        chapters.first { $0.number == number }
    }

    /// `root`-relative path of `url`, for messages ("Chapters/Chapter1…/MessageBoard.swift").
    public func relativePath(_ path: String) -> String {
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The chapter a file belongs to, from where it is: its starter, solution or tests.
    public func chapter(owning path: String) -> Chapter? {
        let relative = relativePath(path)
        return chapters.first { chapter in
            relative.hasPrefix(chapter.starterFolder + "/") || relative.hasPrefix(chapter.solutionFolder + "/")
                || relative.hasPrefix(chapter.testsFolder + "/")
        }
    }
}

/// One chapter, as the runner sees it.
public struct Chapter: Sendable, Hashable, Codable {
    public let number: Int
    public let title: String
    /// The folder name under `Chapters/` and `Solutions/`, such as `Chapter1-GlobalVsSingleton`.
    public let folder: String

    public var starterFolder: String { "Chapters/\(folder)" }
    public var solutionFolder: String { "Solutions/\(folder)" }
    public var testsFolder: String { "Tests/\(testModule)" }
    public var lesson: String { "\(starterFolder)/README.md" }
    public var hints: String { "\(starterFolder)/HINTS.md" }
    public var testModule: String { "Chapter\(number)Tests" }

    /// Reads a chapter from its folder name (`Chapter3-TestingPain`); `nil` for other names.
    init?(folder: String, root: URL) {
        guard folder.hasPrefix("Chapter") else { return nil }
        let rest = folder.dropFirst("Chapter".count)
        let digits = rest.prefix { $0.isNumber }
        guard let number = Int(digits), rest.dropFirst(digits.count).first.map({ $0 == "-" }) ?? true else {
            return nil
        }
        var isFolder: ObjCBool = false
        let path = root.appendingPathComponent("Chapters/\(folder)").path
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return nil
        }
        self.number = number
        self.folder = folder
        self.title = Chapter.title(lesson: root.appendingPathComponent("Chapters/\(folder)/README.md"), folder: folder)
    }

    package init(number: Int, title: String, folder: String) {
        self.number = number
        self.title = title
        self.folder = folder
    }

    /// The lesson's first heading without "Chapter N ·" ("Global vs singleton"), or else a title
    /// made from the folder name.
    static func title(lesson: URL, folder: String) -> String {
        if let text = try? String(contentsOf: lesson, encoding: .utf8),
            let heading = text.split(separator: "\n").first(where: { $0.hasPrefix("# ") })
        {
            var title = heading.dropFirst(2).trimmingCharacters(in: .whitespaces)
            if title.hasPrefix("Chapter"), let separator = title.firstIndex(where: { "·:-–—".contains($0) }) {
                title = title[title.index(after: separator)...].trimmingCharacters(in: .whitespaces)
            }
            if !title.isEmpty { return title }
        }
        let topic = folder.split(separator: "-", maxSplits: 1).dropFirst().first.map(String.init) ?? folder
        // "GlobalVsSingleton" → "Global vs singleton"
        var words: [String] = []
        for character in topic {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(character)
        }
        let sentence = words.enumerated().map { $0.offset == 0 ? $0.element : $0.element.lowercased() }
        return sentence.joined(separator: " ")
    }
}
