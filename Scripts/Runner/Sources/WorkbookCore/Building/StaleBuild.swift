import Foundation

/// A build whose link failed although every source compiled: the objects of one module were made
/// against another version of a module they use. SwiftPM's native build system (the default up to
/// Swift 6.3) sometimes skips recompiling a module after a module it imports changed its
/// interface (swiftlang/swift-package-manager#7715 and #10502); the tests then reference a symbol
/// the chapter no longer has ("undefined reference"), and a plain rebuild fails the same way,
/// because nothing it tracks has changed since.
///
/// The one build path (`PackageTools.build(chapters:log:)`) recognises such a link, removes the
/// build folders of the modules whose objects it names (or else of every test module, which are
/// small) and builds once more, and says so.
///
/// A module's build folder also holds files SwiftPM writes only when it plans the build (its
/// `output-file-map.json`), and SwiftPM plans again only when its build manifest (`debug.yaml`) is
/// gone or out of date. So the manifest goes with the folders; otherwise the next build stops at
/// "unable to load output file map" and every build after it does too (a broken plan, which the
/// build path also recognises and heals the same way).
public enum StaleBuild {
    /// Whether `output` is a failed link with no error in any Swift source.
    public static func isStaleLink(_ output: String) -> Bool {
        let linkFailed =
            output.contains("linker command failed") || output.contains("undefined reference to")
            || output.contains("undefined symbol:") || output.contains("Undefined symbols for architecture")
        return linkFailed && Diagnostics.errors(in: output).isEmpty
    }

    /// Whether `output` is a build that stopped because a module's planned files are missing
    /// (its build folder was removed while SwiftPM's manifest still described it).
    public static func isBrokenPlan(_ output: String) -> Bool {
        output.contains("unable to load output file map")
    }

    /// The module build folders (`Chapter1Tests.build`) the link's output names, each once, in
    /// the order first named.
    static func namedModuleFolders(in output: String) -> [String] {
        var names: [String] = []
        for line in output.split(separator: "\n") {
            for component in line.split(whereSeparator: { "/ ():'`\"".contains($0) })
            where component.hasSuffix(".build") && component.count > ".build".count && !component.hasPrefix(".") {
                let name = String(component)
                if !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// Removes from `scratch` (a SwiftPM scratch folder) the build folders of the modules `output`
    /// names, and those of every test module when it names none; returns the folders' names.
    @discardableResult
    public static func removeStaleObjects(in scratch: URL, output: String) -> [String] {
        let named = Set(namedModuleFolders(in: output))
        return removeModules(in: scratch) { named.isEmpty ? $0.hasSuffix("Tests.build") : named.contains($0) }
    }

    /// Removes the build folders (`Chapter8.build`) of the modules `chosen` picks, and SwiftPM's
    /// plan with them, so that the next build compiles those modules from nothing. Returns the
    /// folders removed.
    public static func removeModules(in scratch: URL, where chosen: (String) -> Bool) -> [String] {
        var removed: [String] = []
        let fileManager = FileManager.default
        // `<scratch>/<triple>/debug/<Module>.build`. (`<scratch>/debug` is a link to one of those
        // folders, so `<scratch>/debug/debug` does not exist and it is not visited twice.)
        let configurations = ((try? fileManager.contentsOfDirectory(atPath: scratch.path)) ?? [])
            .map { scratch.appendingPathComponent($0).appendingPathComponent("debug") }
            .filter { fileManager.fileExists(atPath: $0.path) }
        for configuration in configurations {
            for name in (try? fileManager.contentsOfDirectory(atPath: configuration.path)) ?? [] {
                guard name.hasSuffix(".build"), chosen(name) else { continue }
                try? fileManager.removeItem(at: configuration.appendingPathComponent(name))
                if !removed.contains(name) { removed.append(name) }
            }
        }
        forgetPlan(in: scratch)
        return removed
    }

    /// Removes SwiftPM's build manifests and cached build descriptions from `scratch`, so that the
    /// next build plans again and writes every module's planned files.
    public static func forgetPlan(in scratch: URL) {
        let fileManager = FileManager.default
        for name in (try? fileManager.contentsOfDirectory(atPath: scratch.path)) ?? [] {
            let item = scratch.appendingPathComponent(name)
            if name.hasSuffix(".yaml") && name != "plugin-tools.yaml" {
                try? fileManager.removeItem(at: item)
            }
            // `<scratch>/<triple>/<configuration>/description.json`
            for configuration in (try? fileManager.contentsOfDirectory(atPath: item.path)) ?? [] {
                let description = item.appendingPathComponent(configuration).appendingPathComponent("description.json")
                if fileManager.fileExists(atPath: description.path) { try? fileManager.removeItem(at: description) }
            }
        }
    }

    /// What to tell whoever started the build.
    public static func notice(removed: [String], healed: Bool) -> String {
        let what = removed.isEmpty ? "nothing could be removed" : "removed " + removed.joined(separator: ", ")
        return "The build had gone stale: every file compiled, but linking failed, because SwiftPM had not "
            + "recompiled a module after a module it uses changed. The runner \(what) and built again: "
            + outcome(healed: healed)
    }

    /// What to tell whoever started the build, when it stopped at a broken plan.
    public static func brokenPlanNotice(healed: Bool) -> String {
        "The build folder's plan was out of step with it (SwiftPM could not find a module's output file map). "
            + "The runner had SwiftPM plan the build again: " + outcome(healed: healed)
    }

    private static func outcome(healed: Bool) -> String {
        healed ? "that worked." : "it still fails. Remove the build folder (rm -rf .build) and run the command again."
    }
}
