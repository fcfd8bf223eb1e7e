import TipsSource

/// The codes of the lint warnings, one per lint, documented under "Lint warnings" in
/// `Docs/diagnostics.md`.
///
/// Codes are grouped in families of ten so that related lints sort together: copy (W100),
/// rules (W110), events and parameters (W120), options (W130), groups and reusable tips
/// (W140), testing (W160). W150 ("rule is always true") belongs to the checker.
extension DiagnosticCode {
    /// A title, message or action title with no visible text.
    package static let emptyText = DiagnosticCode("W100")
    /// A tip title longer than ``CopyLimits/maxTitleLength`` characters.
    package static let longTitle = DiagnosticCode("W101")
    /// A tip or action title ending with a period.
    package static let titlePeriod = DiagnosticCode("W102")
    /// A message of more than two sentences.
    package static let manySentences = DiagnosticCode("W103")
    /// A message longer than ``CopyLimits/maxMessageLength`` characters.
    package static let longMessage = DiagnosticCode("W104")
    /// An image name that cannot be a symbol name.
    package static let imageName = DiagnosticCode("W105")
    /// Two actions of one tip with the same title.
    package static let duplicateActionTitle = DiagnosticCode("W106")
    /// An image name close to a listed SF Symbol's that is none.
    package static let unknownSymbolName = DiagnosticCode("W107")

    /// A tip with no rules: it shows on first launch.
    package static let noRules = DiagnosticCode("W110")
    /// `==` / `!=` between an event count and a non-zero constant.
    package static let countEquality = DiagnosticCode("W111")
    /// The same rule written twice in one tip.
    package static let duplicateRule = DiagnosticCode("W112")
    /// A rule waiting for donations of an event whose every donation invalidates the tip.
    package static let selfInvalidating = DiagnosticCode("W113")
    /// A count threshold above the number of donations the event keeps.
    package static let countBeyondLimit = DiagnosticCode("W114")

    /// A query window longer than the event keeps donations.
    package static let windowBeyondMaxAge = DiagnosticCode("W120")
    /// An event that no rule or `invalidate when` reads.
    package static let unusedEvent = DiagnosticCode("W122")
    /// A parameter that no rule or effect reads.
    package static let unusedParam = DiagnosticCode("W123")
    /// A named constant (`let`) that nothing uses.
    package static let unusedConstant = DiagnosticCode("W124")

    /// `maxDisplayDuration` under the 60 s minimum presentation.
    package static let shortDisplayDuration = DiagnosticCode("W130")
    /// `maxDisplayCount` so large that it never ends the tip.
    package static let hugeDisplayCount = DiagnosticCode("W131")
    /// `ignoresDisplayFrequency` while the display frequency is `immediate`.
    package static let uselessIgnoresFrequency = DiagnosticCode("W132")
    /// A display frequency that every tip ignores.
    package static let frequencyIgnoredByAll = DiagnosticCode("W133")
    /// `ignoresDisplayBudget` or a non-zero `priority` in a catalog without a display budget.
    package static let budgetOptionWithoutBudget = DiagnosticCode("W134")

    /// A group with fewer than two members.
    package static let smallGroup = DiagnosticCode("W140")
    /// An earlier member of an ordered group that nothing declared ever invalidates.
    package static let orderedGroupBlocked = DiagnosticCode("W141")
    /// `together` on a group while the display frequency is immediate and there is no budget.
    package static let togetherWithoutEffect = DiagnosticCode("W142")
    /// A `message` or `image` whose `when` is the same as an earlier one's: never shown.
    package static let repeatedAlternative = DiagnosticCode("W143")
    /// A reusable tip with no `id`: every instance shares one state.
    package static let reusableTipWithoutID = DiagnosticCode("W145")
    /// A reusable tip whose `id` leaves out an argument.
    package static let reusableIDMissesArgument = DiagnosticCode("W146")
    /// A display limit above one display next to `resetEligibility after`, which keeps counts.
    package static let renewalKeepsDisplayLimit = DiagnosticCode("W147")

    /// A testing override left in the definitions.
    package static let testingOverride = DiagnosticCode("W160")

    /// A `.tips` file that declares nothing.
    package static let emptyFile = DiagnosticCode("W170")
    /// A `lint-ignore` code that silences nothing.
    package static let superfluousLintIgnore = DiagnosticCode("W171")
    /// A file beside the catalog's whose name ends in a near miss of `.tips` (reported by
    /// `tipc check`, which lists the catalog's folders: TipsDriver's `NearMissFiles`).
    package static let nearMissExtension = DiagnosticCode("W172")

    /// Every lint code, in order.
    package static let lintCodes: [DiagnosticCode] = [
        .emptyText, .longTitle, .titlePeriod, .manySentences, .longMessage, .imageName, .duplicateActionTitle, .unknownSymbolName,
        .noRules, .countEquality, .duplicateRule, .selfInvalidating, .countBeyondLimit, .windowBeyondMaxAge,
        .unusedEvent, .unusedParam, .unusedConstant, .shortDisplayDuration, .hugeDisplayCount,
        .uselessIgnoresFrequency, .frequencyIgnoredByAll, .budgetOptionWithoutBudget, .smallGroup, .orderedGroupBlocked,
        .togetherWithoutEffect, .repeatedAlternative,
        .reusableTipWithoutID, .reusableIDMissesArgument, .renewalKeepsDisplayLimit, .testingOverride, .emptyFile, .superfluousLintIgnore,
        .nearMissExtension,
    ]
}
