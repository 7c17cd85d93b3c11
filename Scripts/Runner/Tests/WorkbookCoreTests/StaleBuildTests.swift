import Foundation
import Testing
import WorkbookTestSupport

@testable import WorkbookCore

@Suite("A stale build: every source compiled, the link failed")
struct StaleBuildTests {
    static let lld = """
        [41/44] Linking SingletonsWorkbookPackageTests.xctest
        ld.lld: error: undefined symbol: $s8Chapter112MessageBoardC8messagesSaySSGvgTu
        >>> referenced by 2-SharedBoardTests.swift:14 (/w/Tests/Chapter1Tests/2-SharedBoardTests.swift:14)
        >>>               /w/.build/x86_64-unknown-linux-gnu/debug/Chapter1Tests.build/2-SharedBoardTests.swift.o:($s12Chapter1Tests)
        clang: error: linker command failed with exit code 1 (use -v to see invocation)
        error: fatalError
        """

    static let gold = """
        /w/.build/x86_64-unknown-linux-gnu/debug/Chapter5Tests.build/1-LoaderTests.swift.o:1-LoaderTests.swift:function $s13Chapter5Tests: error: undefined reference to '$s8Chapter56LoaderC4loadyyYaF'
        clang: error: linker command failed with exit code 1 (use -v to see invocation)
        """

    @Test("A failed link with no error in any Swift source is stale; a compiler error is not")
    func recognised() {
        #expect(StaleBuild.isStaleLink(Self.lld))
        #expect(StaleBuild.isStaleLink(Self.gold))
        let compileError = "/w/Chapters/Chapter1-X/MessageBoard.swift:12:5: error: cannot find 'x' in scope\n"
        #expect(!StaleBuild.isStaleLink(compileError + Self.lld), "A real error in a source is the learner's.")
        #expect(!StaleBuild.isStaleLink(compileError))
        #expect(!StaleBuild.isStaleLink("Build complete! (2.1s)"))
    }

    @Test("The modules the link names are removed, or every test module when it names none")
    func removal() throws {
        try withTemporaryFolderSync { scratch in
            let debug = scratch.appendingPathComponent("x86_64-unknown-linux-gnu/debug")
            let names = ["Chapter1.build", "Chapter1Tests.build", "Chapter5Tests.build", "TestDoubles.build"]
            for name in names {
                try FileManager.default.createDirectory(
                    at: debug.appendingPathComponent(name), withIntermediateDirectories: true)
            }
            func left() -> Set<String> {
                Set((try? FileManager.default.contentsOfDirectory(atPath: debug.path)) ?? [])
            }

            #expect(StaleBuild.removeStaleObjects(in: scratch, output: Self.lld) == ["Chapter1Tests.build"])
            #expect(left() == ["Chapter1.build", "Chapter5Tests.build", "TestDoubles.build"])

            #expect(
                StaleBuild.removeStaleObjects(in: scratch, output: "clang: error: linker command failed")
                    == ["Chapter5Tests.build"])
            #expect(left() == ["Chapter1.build", "TestDoubles.build"], "Only test modules go when none is named.")

            // The sweep's clean rebuild of a survivor's module: that module only.
            #expect(StaleBuild.removeModules(in: scratch) { $0 == "Chapter1.build" } == ["Chapter1.build"])
            #expect(left() == ["TestDoubles.build"])
        }
    }

    @Test("SwiftPM's plan goes with the folders: its manifest and build description, not the plugins'")
    func plan() throws {
        try withTemporaryFolderSync { scratch in
            let debug = scratch.appendingPathComponent("x86_64-unknown-linux-gnu/debug")
            try FileManager.default.createDirectory(
                at: debug.appendingPathComponent("Chapter1Tests.build"), withIntermediateDirectories: true)
            let planned = ["debug.yaml", "plugin-tools.yaml", "x86_64-unknown-linux-gnu/debug/description.json"]
            for file in planned { try Data().write(to: scratch.appendingPathComponent(file)) }
            func exists(_ file: String) -> Bool {
                FileManager.default.fileExists(atPath: scratch.appendingPathComponent(file).path)
            }

            StaleBuild.removeStaleObjects(in: scratch, output: Self.lld)
            #expect(!exists("debug.yaml") && !exists("x86_64-unknown-linux-gnu/debug/description.json"))
            #expect(exists("plugin-tools.yaml"))
        }
    }

    @Test("A build that stops at a missing output file map is a broken plan; other failures are not")
    func brokenPlan() {
        let missing = """
            error: unable to load output file map '/w/.build/x86_64-unknown-linux-gnu/debug/Chapter7Tests.build/output-file-map.json': The operation could not be completed. The file doesn’t exist.
            """
        #expect(StaleBuild.isBrokenPlan(missing))
        #expect(!StaleBuild.isBrokenPlan(Self.lld))
        #expect(
            !StaleBuild.isBrokenPlan("/w/Chapters/Chapter1-X/MessageBoard.swift:12:5: error: cannot find 'x' in scope"))
        #expect(StaleBuild.brokenPlanNotice(healed: true).contains("that worked"))
        #expect(StaleBuild.brokenPlanNotice(healed: false).contains("rm -rf .build"))
    }

    @Test("The notice says what happened, and what to do when rebuilding did not heal it")
    func notice() {
        let healed = StaleBuild.notice(removed: ["Chapter1Tests.build"], healed: true)
        #expect(healed.contains("removed Chapter1Tests.build") && healed.contains("that worked"))
        let broken = StaleBuild.notice(removed: [], healed: false)
        #expect(broken.contains("rm -rf .build"))
    }
}
