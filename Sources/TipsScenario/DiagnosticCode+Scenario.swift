import TipsSource

/// The codes of scenario tests, documented under "Scenario diagnostics" in
/// `Docs/diagnostics.md`: S1xx are problems of a scenario file, found before anything runs;
/// S2xx come from running a scenario.
extension DiagnosticCode {
    // MARK: Reading a scenario file

    /// A character that no step uses, outside a string or comment.
    package static let unexpectedScenarioCharacter = DiagnosticCode("S100")
    /// A word starting with a digit that is no number, duration or instant.
    package static let invalidScenarioLiteral = DiagnosticCode("S101")
    /// A backslash escape strings do not have.
    package static let invalidScenarioEscape = DiagnosticCode("S102")
    /// A string without its closing quote on its line.
    package static let unterminatedScenarioString = DiagnosticCode("S103")
    /// A line whose first word is no step.
    package static let unknownStep = DiagnosticCode("S110")
    /// A step with a part missing or the wrong one.
    package static let malformedStep = DiagnosticCode("S111")
    /// Text after a complete step.
    package static let extraTextAfterStep = DiagnosticCode("S112")
    /// A step before the file's first `scenario` line.
    package static let stepBeforeScenario = DiagnosticCode("S113")
    /// Two scenarios of a file with one title.
    package static let duplicateScenarioTitle = DiagnosticCode("S114")
    /// `donate e xN` with N out of range.
    package static let repeatCountOutOfRange = DiagnosticCode("S115")
    /// A status expectation that names no status.
    package static let unknownStatus = DiagnosticCode("S116")
    /// An invalidation reason that does not exist, in a step.
    package static let unknownScenarioReason = DiagnosticCode("S117")
    /// Retired: `expect explain` runs now; the number stays reserved.
    package static let retiredExpectExplain = DiagnosticCode("S118")
    /// A warning: a scenario without any `expect` step.
    package static let scenarioChecksNothing = DiagnosticCode("S119")
    /// A warning: a scenario file without scenarios.
    package static let noScenarios = DiagnosticCode("S120")

    // MARK: Reading a persona file (tipc forecast)

    /// A persona line whose first word is none of persona, days, start, once, daily, day.
    package static let unknownPersonaLine = DiagnosticCode("S130")
    /// A persona line with a part missing or the wrong one (title, time, date, day, step).
    package static let malformedPersonaLine = DiagnosticCode("S131")
    /// A persona activity uses a step the forecast owns (at, advance, expect, explain).
    package static let personaStepNotAllowed = DiagnosticCode("S132")
    /// `days N` outside 1...366.
    package static let personaDaysOutOfRange = DiagnosticCode("S133")

    // MARK: Running a scenario

    /// A tip's status differs from the expectation.
    package static let unexpectedStatus = DiagnosticCode("S200")
    /// A group's current tip differs from the expectation.
    package static let unexpectedCurrentTip = DiagnosticCode("S201")
    /// A parameter's value differs from the expectation.
    package static let unexpectedParameterValue = DiagnosticCode("S202")
    /// A tip's explanation does not contain the expected text.
    package static let explanationLacksText = DiagnosticCode("S203")
    /// A tip's status observer received other statuses than expected.
    package static let unexpectedObservedStatuses = DiagnosticCode("S204")
    /// A note: what an `explain` step printed.
    package static let explanationShown = DiagnosticCode("S205")
    /// `expect converted T`, and the tip has not converted.
    package static let notConverted = DiagnosticCode("S206")
    /// `expect variant T NAME`, and the tip's experiment assigns another side.
    package static let unexpectedVariant = DiagnosticCode("S207")
    /// A step names something the catalog does not declare.
    package static let unknownScenarioName = DiagnosticCode("S210")
    /// The runtime refused a value of a step.
    package static let valueRefused = DiagnosticCode("S211")
    /// `at INSTANT` before the clock's reading.
    package static let timeGoesBack = DiagnosticCode("S212")
    /// The scenario's catalog does not check.
    package static let catalogHasErrors = DiagnosticCode("S213")
    /// No catalog in the scenario file's directory or above it.
    package static let noCatalog = DiagnosticCode("S214")
    /// The temporary store could not be opened or written.
    package static let storeFailure = DiagnosticCode("S215")
    /// `expect converted T` for a tip that declares no goal.
    package static let tipHasNoGoal = DiagnosticCode("S216")
    /// `expect variant T NAME` for a tip that declares no experiment.
    package static let tipHasNoExperiment = DiagnosticCode("S217")

    /// Every code of scenario tests, in order (retired ones included: their numbers are taken).
    package static let scenarioCodes: [DiagnosticCode] = [
        .unexpectedScenarioCharacter, .invalidScenarioLiteral, .invalidScenarioEscape,
        .unterminatedScenarioString, .unknownStep, .malformedStep, .extraTextAfterStep, .stepBeforeScenario,
        .duplicateScenarioTitle, .repeatCountOutOfRange, .unknownStatus, .unknownScenarioReason,
        .retiredExpectExplain, .scenarioChecksNothing, .noScenarios,
        .unknownPersonaLine, .malformedPersonaLine, .personaStepNotAllowed, .personaDaysOutOfRange,
        .unexpectedStatus, .unexpectedCurrentTip, .unexpectedParameterValue, .explanationLacksText,
        .unexpectedObservedStatuses, .explanationShown, .notConverted, .unexpectedVariant, .unknownScenarioName, .valueRefused, .timeGoesBack,
        .catalogHasErrors, .noCatalog, .storeFailure, .tipHasNoGoal, .tipHasNoExperiment,
    ]
}
