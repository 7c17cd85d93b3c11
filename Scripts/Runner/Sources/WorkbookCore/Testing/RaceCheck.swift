import Foundation

/// Runs a chapter's tests under Thread Sanitizer and reads what it reports.
///
/// Behaviour tests cannot reliably see a data race: two threads touching the same memory at the
/// same moment may lose an update, crash, or do nothing visible, from one run to the next. Thread
/// Sanitizer sees the race itself, every time the racing accesses happen, whatever their timing.
/// That is why a chapter counts as done only when its tests also pass under Thread Sanitizer
/// (`./Scripts/progress`), and why the verifier checks the solutions and the catalogue with it.
public struct RaceCheck: Sendable {
    /// The tools for the sanitized build: its own scratch folder, `--sanitize=thread`.
    public var tools: PackageTools

    /// A race check whose build lives in `scratchPath` (relative to the workbook, or absolute).
    public init(
        workbook: Workbook, mode: WorkbookMode, world: WorkbookWorld? = nil, scratchPath: String,
        environment: [String: String]
    ) {
        tools = PackageTools(
            workbook: workbook, mode: mode, world: world, scratchPath: scratchPath, environment: environment)
        // Its own scratch folder, which nothing else builds in.
        tools.buildArguments = ["--sanitize=thread"] + PackageTools.ownIndexOnly
    }

    /// What one sanitized run found.
    public struct Outcome: Sendable {
        public var tests: [TestResult]
        public var ending: CommandResult.Ending
        /// The data races Thread Sanitizer reported, each once.
        public var races: [DataRace]
        public var output: String
    }

    /// Builds the given chapters with Thread Sanitizer.
    public func build(chapters: Set<Int>?) async throws -> CommandResult {
        try await tools.build(chapters: chapters)
    }

    /// Runs the tests `filter` selects in the sanitized build. `stopAtFirstRace` ends the process
    /// with the first race reported, for a check that needs only to see one: code that races may
    /// go on to corrupt memory, and then crash or hang, sometimes long after the race.
    public func run(
        filter: String, chapters: Set<Int>?, timeLimit: Duration?, events: URL, stopAtFirstRace: Bool = false
    ) async throws -> Outcome {
        var run = tools
        #if os(Linux)
            // A contended `Mutex` hands over its lock inside the kernel, where Thread Sanitizer
            // cannot see it: tell it, or every contended `Mutex` looks like a race.
            run.environment["LD_PRELOAD"] = try await mutexAnnotations().path
        #endif
        // Unless told to stop at the first, report every race and keep going, so that the tests'
        // own verdicts arrive.
        run.environment["TSAN_OPTIONS"] = "halt_on_error=\(stopAtFirstRace ? 1 : 0):report_signal_unsafe=0"
        let tests = try await run.runTests(filter, chapters: chapters, timeLimit: timeLimit, events: events)
        return Outcome(
            tests: tests.tests, ending: tests.ending,
            races: DataRace.parse(tests.process.output, relativeTo: tools.workbook), output: tests.process.output)
    }

    /// Builds `Scripts/Runner/tsan/MutexAnnotations.c` into the sanitized build's scratch folder,
    /// with the toolchain's clang (it needs the Swift calling convention, which only clang knows).
    func mutexAnnotations() async throws -> URL {
        let workbook = tools.workbook
        let source = workbook.root.appendingPathComponent("Scripts/Runner/tsan/MutexAnnotations.c")
        let library = tools.scratchFolder.appendingPathComponent("libMutexAnnotations.so")
        if let built = modificationDate(library), let written = modificationDate(source), built > written {
            return library
        }
        try FileManager.default.createDirectory(at: tools.scratchFolder, withIntermediateDirectories: true)
        let swift = ProgramLookup.onPath("swift").map { URL(fileURLWithPath: $0) }
        let beside = swift.map {
            $0.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("clang")
        }
        let clang =
            beside.map(\.path).flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil } ?? "clang"
        let result = try await Command(
            [clang, "-shared", "-fPIC", "-O1", "-o", library.path, source.path, "-ldl"], in: workbook.root
        ).run()
        guard result.succeeded else {
            throw CommandError(
                "cannot build the Mutex annotations for Thread Sanitizer with \(clang):\n\(result.output)")
        }
        return library
    }

    private func modificationDate(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }
}

/// One data race as Thread Sanitizer reported it: the two accesses, and where each happened.
public struct DataRace: Codable, Sendable, Equatable {
    /// One of the two accesses: what it did ("Modifying access of Swift variable", "Read of size
    /// 8") and the first frame in a Swift file of the workbook (relative to it), if any.
    public struct Access: Codable, Sendable, Equatable {
        public var kind: String
        public var file: String?
        /// Often missing: Thread Sanitizer places Swift's access checks at the start of an async
        /// function's part, where there is no line to name.
        public var line: Int?
        /// The function the access is in, demangled when possible ("MessageBoard.post(_:)").
        public var function: String?

        var isWrite: Bool {
            let kind = kind.lowercased()
            return kind.contains("write") || kind.contains("modifying")
        }
    }

    /// The access Thread Sanitizer caught, and the earlier one it conflicts with.
    public var accesses: [Access]

    /// "MessageBoard.swift:30, in MessageBoard.post(_:) (write) races with …", for people.
    public var summary: String {
        accesses.map { access in
            var place =
                access.file.map { file in access.line.map { "\(file):\($0)" } ?? file } ?? "code outside the workbook"
            if let function = access.function { place += ", in \(function)" }
            return "\(place) (\(access.isWrite ? "write" : "read"))"
        }.joined(separator: " races with ")
    }

    /// Whether `other` is this race seen again: the same places, in either order, whatever each
    /// access did. One racy line is often reported twice (a read and a write against the same
    /// write, or the two accesses the other way round); a learner has one race to fix.
    func isSamePlaces(as other: DataRace) -> Bool {
        func places(_ race: DataRace) -> [String] {
            race.accesses.map { "\($0.file ?? "")|\($0.line.map(String.init) ?? "")|\($0.function ?? "")" }.sorted()
        }
        return Set(places(self)) == Set(places(other))
    }

    /// The first place in the workbook's own Swift files, for "where to look".
    public var firstPlace: (file: String, line: Int?)? {
        accesses.lazy.compactMap { access in access.file.map { ($0, access.line) } }.first
    }

    /// Every data race in a sanitized run's output, each once (the same pair of places is one race).
    ///
    /// A report looks like this; the first frame of each access in the learner's code
    /// (`Chapters/`, `Solutions/`), or else the first in a Swift file inside the workbook (a test,
    /// a helper), is what the learner needs; the toolchain's frames (`Array.append`) never are:
    ///
    ///     WARNING: ThreadSanitizer: Swift access race (pid=4242)
    ///       Modifying access of Swift variable at 0x7208… by thread T2:
    ///         #0 $s8Chapter112MessageBoardC4post…TY1_ /work/Chapters/Chapter1-…/MessageBoard.swift (…+0x1183)
    ///         #1 swift::runJobInEstablishedExecutorContext(swift::Job*) crtstuff.c (…)
    ///       Previous modifying access of Swift variable at 0x7208… by thread T4:
    ///         #0 …
    ///     SUMMARY: ThreadSanitizer: Swift access race …
    ///
    /// Plain data races say "Write of size 8 at … by thread T3:" and name a line as well.
    public static func parse(_ output: String, relativeTo workbook: Workbook? = nil) -> [DataRace] {
        var races: [DataRace] = []
        var current: DataRace?
        var currentAccess: Access?
        // Whether the current access's frame is in the learner's code (`Chapters/`, or
        // `Solutions/` for the reference): a race inside `Array.append` called from a test
        // helper names the learner's line that called it, not the helper's.
        var inLearnersCode = false
        func finishAccess() {
            if let access = currentAccess { current?.accesses.append(access) }
            currentAccess = nil
            inLearnersCode = false
        }
        func finishRace() {
            finishAccess()
            if let race = current, !race.accesses.isEmpty, !races.contains(where: { $0.isSamePlaces(as: race) }) {
                races.append(race)
            }
            current = nil
        }
        for rawLine in output.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("WARNING: ThreadSanitizer:") {
                finishRace()
                current = DataRace(accesses: [])
            } else if current == nil {
                continue
            } else if line.hasPrefix("SUMMARY: ThreadSanitizer") || line.hasPrefix("==================") {
                finishRace()
            } else if line.hasSuffix(":"), line.contains(" access ") || line.contains(" of size "),
                !line.hasPrefix("Location is")
            {
                // "Modifying access of Swift variable at 0x… by thread T2:", "Previous read of size 8 at …"
                finishAccess()
                currentAccess = Access(kind: line.components(separatedBy: " at ").first ?? line)
            } else if line.hasPrefix("#") {
                guard currentAccess != nil, !inLearnersCode, let frame = Frame(line, relativeTo: workbook) else {
                    continue
                }
                let learners = frame.file.hasPrefix("Chapters/") || frame.file.hasPrefix("Solutions/")
                if currentAccess?.file == nil || learners {
                    currentAccess?.file = frame.file
                    currentAccess?.line = frame.line
                    currentAccess?.function = frame.symbol
                    inLearnersCode = learners
                }
            } else if !line.isEmpty {
                // "Location is heap block…", "Thread T2 (tid=…) created by…": the accesses are over.
                finishAccess()
            }
        }
        finishRace()
        return races
    }

    /// One frame of a report that lies in a Swift file of the workbook.
    struct Frame {
        var symbol: String
        var file: String
        var line: Int?

        /// `#0 SYMBOL /path/File.swift[:LINE[:COLUMN]] (image+0x…)`, when the file is one of the
        /// workbook's (the toolchain's and the system's own files are not the learner's business).
        init?(_ frame: String, relativeTo workbook: Workbook?) {
            let tokens = frame.split(separator: " ").map(String.init)
            guard tokens.count >= 3,
                let index = tokens.indices.dropFirst(2).first(where: {
                    tokens[$0].split(separator: ":").first?.hasSuffix(".swift") == true
                })
            else { return nil }
            let parts = tokens[index].split(separator: ":").map(String.init)
            let relative = workbook?.relativePath(parts[0]) ?? parts[0]
            guard workbook == nil || relative != parts[0] else { return nil }
            symbol = tokens[1..<index].joined(separator: " ")
            file = relative
            line = parts.count > 1 ? Int(parts[1]) : nil
        }
    }
}

extension DataRace.Access {
    init(kind: String) {
        self.init(kind: kind, file: nil, line: nil, function: nil)
    }
}

extension [DataRace] {
    /// The same races with their functions' mangled names turned into Swift (`swift demangle`).
    public func demangled() async -> [DataRace] {
        let functions = flatMap { race in race.accesses.compactMap(\.function) }
        let symbols = Set(functions.filter { $0.hasPrefix("$s") })
        guard !symbols.isEmpty else { return self }
        let ordered = [String](symbols)
        let result = try? await Command(
            ["swift", "demangle", "--simplified", "--compact"] + ordered,
            in: FileManager.default.temporaryDirectory
        ).run()
        let lines = result?.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
        guard lines.count >= ordered.count else { return self }
        var names: [String: String] = [:]
        for (symbol, line) in zip(ordered, lines) { names[symbol] = DataRace.readable(line) }
        return map { race in
            var race = race
            for index in race.accesses.indices {
                if let function = race.accesses[index].function, let name = names[function] {
                    race.accesses[index].function = name
                }
            }
            return race
        }
    }
}

extension DataRace {
    /// What `swift demangle --simplified --compact` printed, without the module
    /// ("Chapter1.MessageBoard.post(_:)" → "MessageBoard.post(_:)").
    static func readable(_ demangled: String) -> String {
        var name = demangled.trimmingCharacters(in: .whitespaces)
        if let dot = name.firstIndex(of: "."), name[..<dot].hasPrefix("Chapter") {
            name = String(name[name.index(after: dot)...])
        }
        return name
    }
}
