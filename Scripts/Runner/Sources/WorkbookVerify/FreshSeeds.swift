/// How many fresh seeds verify asks the chapters' rule checks to draw from, beside their fixed
/// ones (`RuleSeeds` in `Tests/WorkbookSupport`). A learner's run uses the fixed seeds only.
enum FreshSeeds {
    /// The environment variable the rule checks read.
    static let variable = "WORKBOOK_FRESH_SEEDS"
    /// For each run of the solutions' tests.
    static let forSolutions = "20"
    /// For each sanitized run of a catalogue's other sound design.
    static let forAlternatives = "5"
}
