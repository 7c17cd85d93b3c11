import Foundation
import WorkbookCore

/// Makes sure a build sees every change to the sources.
///
/// SwiftPM decides what to recompile from each file's size and modification time. Two saves
/// that land within the file system's time resolution, with the same size (`return 0` becoming
/// `return 1`), look unchanged, and the build quietly tests the old code. The guard remembers
/// each file's content from one build to the next; when the content changed but size and time did
/// not, it removes that module's build products (in the scratch folder, never the learner's files)
/// so SwiftPM has to compile it again.
public struct SourceGuard: Sendable {
    public let workbook: Workbook
    public let scratchFolder: URL
    /// The folders whose Swift files the build compiles: a learner's build compiles no solution.
    public var folders = ["Chapters", "Solutions", "Tests"]

    struct Signature: Codable, Equatable {
        var size: Int
        var modified: Double
        var contentHash: UInt64
    }

    private var recordFile: URL { scratchFolder.appendingPathComponent("workbook-sources.json") }

    public init(workbook: Workbook, scratchFolder: URL) {
        self.workbook = workbook
        self.scratchFolder = scratchFolder
    }

    /// Call before building: invalidates the modules whose change SwiftPM could miss. Returns
    /// their names.
    @discardableResult
    public func prepareBuild() -> [String] {
        let current = signatures()
        defer { save(current) }
        guard let data = try? Data(contentsOf: recordFile),
            let previous = try? JSONDecoder().decode([String: Signature].self, from: data)
        else { return [] }
        var modules: Set<String> = []
        for (path, now) in current {
            guard let before = previous[path], before.contentHash != now.contentHash,
                before.size == now.size, before.modified == now.modified
            else { continue }
            if let module = module(of: path) { modules.insert(module) }
        }
        for module in modules { invalidate(module) }
        // The removed folders held files SwiftPM writes only when it plans the build.
        if !modules.isEmpty { StaleBuild.forgetPlan(in: scratchFolder) }
        return modules.sorted()
    }

    /// Signatures of every Swift file in ``folders``.
    func signatures() -> [String: Signature] {
        FileTree.files(in: folders, of: workbook) { $0.hasSuffix(".swift") }
            .compactMapValues { full in
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: full),
                    let content = FileManager.default.contents(atPath: full)
                else { return nil }
                let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                return Signature(size: content.count, modified: modified, contentHash: Self.hash(content))
            }
    }

    /// FNV-1a, 64 bits: enough to tell two versions of a source file apart.
    static func hash(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The module a source file is compiled into.
    func module(of path: String) -> String? {
        for chapter in workbook.chapters {
            if path.hasPrefix(chapter.starterFolder + "/TestDoubles/")
                || path.hasPrefix(chapter.solutionFolder + "/TestDoubles/")
            {
                return "Chapter\(chapter.number)TestDoubles"
            }
            if path.hasPrefix(chapter.testsFolder + "/") { return chapter.testModule }
            if path.hasPrefix(chapter.starterFolder + "/") { return "Chapter\(chapter.number)" }
            if path.hasPrefix(chapter.solutionFolder + "/") { return "Chapter\(chapter.number)Solution" }
        }
        if path.hasPrefix("Tests/") {
            return path.split(separator: "/").dropFirst().first.map(String.init)
        }
        return nil
    }

    /// Removes the module's intermediate products, wherever the build configuration put them.
    func invalidate(_ module: String) {
        let fileManager = FileManager.default
        let names = (try? fileManager.contentsOfDirectory(atPath: scratchFolder.path)) ?? []
        for name in names {
            // `debug` is a link to `<triple>/debug`; the real folders are below the triples.
            for configuration in ["debug", "release"] {
                let products = scratchFolder.appendingPathComponent(name).appendingPathComponent(configuration)
                try? fileManager.removeItem(at: products.appendingPathComponent("\(module).build"))
                try? fileManager.removeItem(at: products.appendingPathComponent("Modules/\(module).swiftmodule"))
            }
        }
    }

    private func save(_ signatures: [String: Signature]) {
        try? FileManager.default.createDirectory(at: scratchFolder, withIntermediateDirectories: true)
        if let data = try? JSONEncoder().encode(signatures) { try? data.write(to: recordFile) }
    }
}
