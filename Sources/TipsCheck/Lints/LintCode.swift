/// The stable codes of the lint warnings, one per lint, documented in `Docs/diagnostics.md`.
///
/// Codes are grouped in families of ten so that related lints sort together: copy (W100),
/// rules (W110), events and parameters (W120), options (W130), groups and reusable tips
/// (W140), testing (W160). W150 ("rule is always true") belongs to the checker.
enum LintCode: String, CaseIterable, Sendable {
    /// A title, message or action title with no visible text.
    case emptyText = "W100"
    /// A tip title longer than ``CopyLimits/maxTitleLength`` characters.
    case longTitle = "W101"
    /// A tip or action title ending with a period.
    case titlePeriod = "W102"
    /// A message of more than two sentences.
    case manySentences = "W103"
    /// A message longer than ``CopyLimits/maxMessageLength`` characters.
    case longMessage = "W104"
    /// An image name that cannot be a symbol name.
    case imageName = "W105"
    /// Two actions of one tip with the same title.
    case duplicateActionTitle = "W106"

    /// A tip with no rules: it shows on first launch.
    case noRules = "W110"
    /// `==` / `!=` between an event count and a non-zero constant.
    case countEquality = "W111"
    /// The same rule written twice in one tip.
    case duplicateRule = "W112"
    /// A rule waiting for donations of an event whose every donation invalidates the tip.
    case selfInvalidating = "W113"
    /// A count threshold above the number of donations the event keeps.
    case countBeyondLimit = "W114"

    /// A query window longer than the event keeps donations.
    case windowBeyondMaxAge = "W120"
    /// An event that no rule or `invalidate when` reads.
    case unusedEvent = "W122"
    /// A parameter that no rule or effect reads.
    case unusedParam = "W123"
    /// A named constant (`let`) that nothing uses.
    case unusedConstant = "W124"

    /// `maxDisplayDuration` under the 60 s minimum presentation.
    case shortDisplayDuration = "W130"
    /// `maxDisplayCount` so large that it never ends the tip.
    case hugeDisplayCount = "W131"
    /// `ignoresDisplayFrequency` while the display frequency is `immediate`.
    case uselessIgnoresFrequency = "W132"
    /// A display frequency that every tip ignores.
    case frequencyIgnoredByAll = "W133"

    /// A group with fewer than two members.
    case smallGroup = "W140"
    /// An earlier member of an ordered group that nothing declared ever invalidates.
    case orderedGroupBlocked = "W141"
    /// A reusable tip with no `id`: every instance shares one state.
    case reusableTipWithoutID = "W145"
    /// A reusable tip whose `id` leaves out an argument.
    case reusableIDMissesArgument = "W146"

    /// A testing override left in the definitions.
    case testingOverride = "W160"
}

/// Thresholds of the copy lints, in one place so the docs and the tests can cite them.
enum CopyLimits {
    /// HIG: tip titles are short and direct; 40 characters fit one line of a popover on iPhone.
    static let maxTitleLength = 40
    /// One or two sentences fit in about 160 characters (two lines of a tip on iPhone each way).
    static let maxMessageLength = 160
    /// HIG: one or two sentences.
    static let maxSentences = 2
}
