import TipsCheck
import TipsSource
import TipsText

/// The numbers `tipc check` reports last: what was checked and what was found.
public struct CheckSummary: Sendable, Hashable {
    public var files: Int
    public var tips: Int
    public var events: Int
    public var parameters: Int
    public var groups: Int
    public var errors: Int
    public var warnings: Int

    public init(files: Int, tips: Int, events: Int, parameters: Int, groups: Int, errors: Int, warnings: Int) {
        self.files = files
        self.tips = tips
        self.events = events
        self.parameters = parameters
        self.groups = groups
        self.errors = errors
        self.warnings = warnings
    }

    /// The summary of checking `files` files into `result`.
    public init(files: Int, result: CheckResult) {
        self.init(files: files, tips: result.model.tips.count, events: result.model.events.count,
                  parameters: result.model.parameters.count, groups: result.model.groups.count,
                  errors: result.diagnostics.errorCount, warnings: result.diagnostics.warningCount)
    }

    /// Adds the numbers of another catalog.
    public mutating func add(_ other: CheckSummary) {
        files += other.files
        tips += other.tips
        events += other.events
        parameters += other.parameters
        groups += other.groups
        errors += other.errors
        warnings += other.warnings
    }

    /// `checked F files: T tips, E events, P parameters, G groups; X errors, Y warnings`.
    ///
    /// The words stay plural whatever the numbers, so scripts can match one fixed pattern.
    public var line: String {
        "checked \(files) files: \(tips) tips, \(events) events, \(parameters) parameters, "
            + "\(groups) groups; \(errors) errors, \(warnings) warnings"
    }

    /// The same numbers as the `summary` object of `--format json`.
    public var jsonMembers: [(String, JSON)] {
        [
            ("files", .int(files)), ("tips", .int(tips)), ("events", .int(events)),
            ("parameters", .int(parameters)), ("groups", .int(groups)),
            ("errors", .int(errors)), ("warnings", .int(warnings)),
        ]
    }
}
