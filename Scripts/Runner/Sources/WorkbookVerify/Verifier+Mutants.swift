import Foundation
import WorkbookCore

extension Verifier {
    /// `./Scripts/verify --mutants N` (or `all`): the mutation sweep of the chosen chapters'
    /// reference solutions, one chapter at a time in `.build-verify/mutants/`, with each chapter's
    /// score and survivors; with `--write-ledger`, each chapter's `MUTANTS.md` written anew in the
    /// working copy. It fails when a survivor is not in the chapter's ledger with a reason (or,
    /// when writing, when the sweep could not be made).
    func mutationSweep(_ title: String, in mirror: Workbook, chapters: [Int]) async -> Step {
        await measure(title) {
            var problems: [String] = []
            var totals = MutationLedger.Score()
            var learnerTotals = MutationLedger.Score()
            for number in chapters {
                guard let chapter = mirror.chapter(number) else { continue }
                if options.listMutants {
                    let mutants = MutationSweep.mutants(of: chapter, in: mirror)
                    for mutant in mutants {
                        report(.note("\(mutant.scope.rawValue) \(mutant.kind.rawValue): \(mutant.id)"))
                    }
                    let learner = mutants.count { $0.scope == .learner }
                    report(
                        .note(
                            "Chapter \(number): \(mutants.count) mutants, \(learner) on the learner's lines, "
                                + "\(mutants.count - learner) on given code"))
                    continue
                }
                var sweep = MutationSweep(
                    mirror: mirror, chapter: chapter, workspace: workFolder.appendingPathComponent("mutants"))
                sweep.limit = options.mutantLimit
                sweep.progress = { [report] in report(.progress("Chapter \(number) \($0)")) }
                let count = MutationSweep.sample(MutationSweep.mutants(of: chapter, in: mirror), limit: sweep.limit)
                    .count
                report(.progress("Chapter \(number): \(count) mutants of \(chapter.solutionFolder)/"))
                let clock = ContinuousClock()
                let start = clock.now
                let outcome = await sweep.run()
                problems += outcome.problems
                guard outcome.problems.isEmpty else { continue }
                let elapsed = clock.now - start
                let score = outcome.score
                let ledgerURL = workbook.root.appendingPathComponent(MutationLedger.path(of: chapter))
                let existing = (try? String(contentsOf: ledgerURL, encoding: .utf8)).flatMap(MutationLedger.parse)
                let reasons = Dictionary(
                    (existing?.survivors ?? []).map { ($0.id, $0.reason) }, uniquingKeysWith: { first, _ in first })
                var learner = outcome.score(.learner)
                learner.gaps = outcome.survivors.count {
                    $0.scope == .learner && reasons[$0.id]?.hasPrefix(MutationLedger.gapPrefix) == true
                }
                totals = totals + score
                learnerTotals = learnerTotals + learner
                let each =
                    score.mutants == 0
                    ? Duration.zero : outcome.results.reduce(Duration.zero) { $0 + $1.duration } / score.mutants
                let sampled = score.mutants < outcome.total ? " (a sample of \(outcome.total))" : ""
                report(
                    .note(
                        "Chapter \(number): \(score.killedByTests) of \(score.compiled) mutants that compile are "
                            + "killed by a test, \(score.killedByCompiler) more by the compiler; on the learner's lines "
                            + "\(learner.mutants) mutants, \(learner.killedByTests) killed by a test, "
                            + "\(learner.killedByCompiler) by the compiler, \(learner.survived) survived "
                            + "(\(learner.gaps) known gaps); \(score.mutants) mutants\(sampled) in \(elapsed.readable), \(each.readable) a mutant (in all, builds "
                            + "\(outcome.builds.readable), test runs \(outcome.runs.readable), the solution's own "
                            + "run included)"))
                for (kind, learnerMade, learnerKilled, givenMade, givenKilled) in outcome.operatorCounts() {
                    report(
                        .note(
                            "  \(kind.rawValue): learner's lines \(learnerKilled) of \(learnerMade) killed, given code "
                                + "\(givenKilled) of \(givenMade)"))
                }
                for survivor in outcome.survivors {
                    let reason = reasons[survivor.id]
                    let known = reason.map {
                        $0.hasPrefix("TODO") ? "in the ledger, with no reason yet" : "equivalent: \($0)"
                    }
                    report(
                        .note(
                            "  survived (\(survivor.scope.rawValue)): \(survivor.id) — \(known ?? "not in the ledger")")
                    )
                    if !options.writeLedger, reason == nil || reason!.hasPrefix("TODO") {
                        problems.append(
                            "Chapter \(number): \(survivor.id) survived; kill it with a better test, or write the "
                                + "ledger (--write-ledger) and say why it is equivalent")
                    }
                }
                if options.writeLedger {
                    let ledger = MutationLedger.updated(
                        existing, fingerprint: MutationLedger.fingerprint(of: chapter, in: mirror),
                        learner: outcome.score(.learner), given: outcome.score(.given), survivors: outcome.survivors,
                        operators: outcome.operatorCounts().map {
                            MutationLedger.OperatorRow(
                                kind: $0.0, learnerMade: $0.learnerMade, learnerKilled: $0.learnerKilled,
                                givenMade: $0.givenMade, givenKilled: $0.givenKilled)
                        })
                    try ledger.render(chapter: chapter).write(to: ledgerURL, atomically: true, encoding: .utf8)
                    let open = ledger.survivors.count { $0.reason == MutationLedger.todo }
                    report(
                        .note(
                            "Wrote \(MutationLedger.path(of: chapter))"
                                + (open == 0
                                    ? "."
                                    : ": \(open) survivor(s) say TODO until someone kills them or "
                                        + "says why they are equivalent.")))
                    let manifest = try String(
                        contentsOf: workbook.root.appendingPathComponent("Package.swift"), encoding: .utf8)
                    if !manifest.split(separator: "\n").contains(where: {
                        $0.contains("folder: \"\(chapter.folder)\"") && $0.contains(MutationLedger.manifestFlag)
                    }) {
                        report(
                            .note(
                                "Add `\(MutationLedger.manifestFlag)` to chapter \(number)'s entry in Package.swift, "
                                    + "so that the solution's target leaves the ledger out."))
                    }
                }
            }
            if chapters.count > 1, !options.listMutants {
                report(
                    .note(
                        "All chapters: \(totals.killedByTests) of \(totals.compiled) mutants that compile are killed by "
                            + "a test, \(totals.killedByCompiler) more by the compiler, \(totals.mutants) mutants; on the "
                            + "learner's lines \(learnerTotals.killedByTests) of \(learnerTotals.compiled) that compile, "
                            + "\(learnerTotals.mutants) mutants"))
            }
            return problems
        }
    }

    /// The mutation ledgers are current: every chapter that has one was swept with its solution
    /// and tests as they are, and every survivor in it has its reason. Chapters without one are
    /// named in a note.
    func mutationLedgers(_ title: String, in mirror: Workbook, chapters: Set<Int>?) async -> Step {
        await measure(title) {
            let selected = mirror.chapters.filter { chapters?.contains($0.number) ?? true }
            let (problems, without) = MutationLedger.problems(in: mirror, chapters: selected)
            if !without.isEmpty {
                report(
                    .note(
                        "No mutation ledger yet for chapter(s) \(without.map { "\($0.number)" }.joined(separator: ", ")) "
                            + "(./Scripts/verify --mutants N --write-ledger)."))
            }
            return problems
        }
    }
}
