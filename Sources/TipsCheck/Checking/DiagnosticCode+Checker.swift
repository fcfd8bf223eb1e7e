import TipsSource

/// The codes of the checker, documented under "Checker errors" in `Docs/diagnostics.md`:
/// E2xx about names, E3xx about types, E4xx about declarations and their meaning, and the
/// checker's own warnings W150–W159 (the lints' codes are in `DiagnosticCode+Lints.swift`).
extension DiagnosticCode {
    // MARK: Names

    /// A name declared twice in the catalog's one namespace.
    package static let duplicateDeclaration = DiagnosticCode("E200")
    /// A name used as an event that no event declares.
    package static let unknownEvent = DiagnosticCode("E201")
    /// A bare name (or `set` target) that no parameter or constant declares.
    package static let unknownParameter = DiagnosticCode("E202")
    /// A type that is neither built in nor a declared enumeration.
    package static let unknownType = DiagnosticCode("E203")
    /// `.case` that the enumeration does not have.
    package static let unknownCase = DiagnosticCode("E204")
    /// A payload field the event does not declare.
    package static let unknownField = DiagnosticCode("E205")
    /// A tip name that no tip declares.
    package static let unknownTip = DiagnosticCode("E206")
    /// An interpolated name that is not an argument of the tip.
    package static let unknownTipArgument = DiagnosticCode("E207")
    /// A call of a function the language does not have.
    package static let unknownFunction = DiagnosticCode("E208")
    /// A member or method the value's type does not have.
    package static let unknownMember = DiagnosticCode("E209")
    /// A case, field or argument listed twice.
    package static let duplicateMember = DiagnosticCode("E210")
    /// A declared name used as something else than it is.
    package static let wrongKindOfName = DiagnosticCode("E211")
    /// A declaration named like a built-in type.
    package static let builtinTypeRedeclared = DiagnosticCode("E212")

    // MARK: Types

    /// An operator or comparison applied to values of the wrong types.
    package static let invalidOperands = DiagnosticCode("E300")
    /// A rule whose type is not `Bool`.
    package static let ruleNotBool = DiagnosticCode("E301")
    /// A value of another type than the position needs.
    package static let typeMismatch = DiagnosticCode("E302")
    /// An optional used where a value is needed.
    package static let unwrappedOptional = DiagnosticCode("E303")
    /// `nil` or `.case` where nothing tells its type.
    package static let uninferableType = DiagnosticCode("E304")
    /// An expression where a constant is needed.
    package static let notConstant = DiagnosticCode("E305")
    /// A `date(...)` string that is no ISO-8601 instant.
    package static let invalidDate = DiagnosticCode("E306")
    /// Wrong arguments to a method or function.
    package static let wrongArguments = DiagnosticCode("E307")
    /// A type form the language does not support (`Set<Int>`).
    package static let unsupportedTypeForm = DiagnosticCode("E308")
    /// A tip argument of a type arguments cannot have.
    package static let invalidArgumentType = DiagnosticCode("E309")
    /// A payload field of a type fields cannot have.
    package static let invalidFieldType = DiagnosticCode("E310")

    // MARK: Declarations

    /// A parameter without a default value.
    package static let missingDefault = DiagnosticCode("E400")
    /// A tip without a title.
    package static let missingTipTitle = DiagnosticCode("E401")
    /// An action without a title.
    package static let missingActionTitle = DiagnosticCode("E402")
    /// A tip option or configuration setting given twice.
    package static let repeatedSetting = DiagnosticCode("E403")
    /// Retired: two tips with the same id are W154, a warning, since TipKit allows it.
    package static let retiredDuplicateTipID = DiagnosticCode("E404")
    /// A tip listed twice in one group.
    package static let duplicateGroupMember = DiagnosticCode("E405")
    /// A tip in two groups.
    package static let tipInTwoGroups = DiagnosticCode("E406")
    /// Retired: a reusable tip in a group is allowed now; the number stays reserved.
    package static let retiredReusableTipInGroup = DiagnosticCode("E407")
    /// A filter that is not a conjunction of field comparisons.
    package static let invalidFilter = DiagnosticCode("E408")
    /// A query window that is not a positive duration.
    package static let invalidWindow = DiagnosticCode("E409")
    /// An invalidation reason that does not exist.
    package static let unknownReason = DiagnosticCode("E411")
    /// A donation with a field missing or given twice.
    package static let invalidDonation = DiagnosticCode("E412")
    /// A tip option out of its range.
    package static let invalidTipOption = DiagnosticCode("E413")
    /// A configuration value out of its range, or an unknown display frequency.
    package static let invalidConfiguration = DiagnosticCode("E414")
    /// More than one `config` block.
    package static let repeatedConfig = DiagnosticCode("E415")
    /// An event's `limit` or `maxAge` out of its range.
    package static let invalidEventLimit = DiagnosticCode("E416")
    /// A rule that can never be true.
    package static let ruleNeverTrue = DiagnosticCode("E418")
    /// Interpolation where none is allowed.
    package static let misplacedInterpolation = DiagnosticCode("E419")
    /// Two actions of a tip with one id.
    package static let duplicateActionID = DiagnosticCode("E420")
    /// A constant defined in terms of itself.
    package static let circularConstant = DiagnosticCode("E421")
    /// A `renamedFrom` that cannot hold.
    package static let invalidRename = DiagnosticCode("E422")
    /// Two declarations stored under the same persistence key.
    package static let sharedPersistenceKey = DiagnosticCode("E430")
    /// A persistence key that is empty, too long, holds what a key cannot, or is not needed.
    package static let invalidPersistenceKey = DiagnosticCode("E431")
    /// A `when` condition whose type is not `Bool`.
    package static let conditionNotBool = DiagnosticCode("E432")
    /// A platform test the language does not have, or one that holds nowhere.
    package static let invalidPlatformTest = DiagnosticCode("E433")
    /// A `goal` without a window, or with one that is not a positive duration.
    package static let invalidGoal = DiagnosticCode("E434")
    /// An experiment whose shares, holdout, salt, variant names or variant items are wrong.
    package static let invalidExperiment = DiagnosticCode("E435")
    /// A variant that changes nothing the tip does not already have.
    package static let variantNotDifferent = DiagnosticCode("E436")
    /// A `message` or `image` without `when` followed by more of its kind: the fallback is
    /// not last, so the alternatives after it are never shown.
    package static let fallbackNotLast = DiagnosticCode("E437")
    /// A month or weekday test with a name that is no month or weekday, or `month`/`weekday`
    /// compared with something else than a name.
    package static let invalidCalendarTest = DiagnosticCode("E440")
    /// A `during(...)` whose dates are not two constant month-and-day strings.
    package static let invalidYearlyDate = DiagnosticCode("E441")
    /// A `snooze` whose interval is not a positive constant duration, or whose limit is not
    /// a constant Int of at least 1.
    package static let invalidSnooze = DiagnosticCode("E445")

    // MARK: Warnings of the checker

    /// A rule that is always true.
    package static let ruleAlwaysTrue = DiagnosticCode("W150")
    /// A division by a constant zero.
    package static let divisionByZero = DiagnosticCode("W151")
    /// Constant arithmetic that overflows.
    package static let arithmeticOverflow = DiagnosticCode("W152")
    /// Two tip ids that are the same text for some argument values.
    package static let tipIDsMayCoincide = DiagnosticCode("W153")
    /// Two tips with the same id (or the same id template): they share one state.
    package static let sharedTipID = DiagnosticCode("W154")

    /// Every code of the checker, in order (retired ones included: their numbers are taken).
    package static let checkerCodes: [DiagnosticCode] = [
        .duplicateDeclaration, .unknownEvent, .unknownParameter, .unknownType, .unknownCase, .unknownField,
        .unknownTip, .unknownTipArgument, .unknownFunction, .unknownMember, .duplicateMember, .wrongKindOfName,
        .builtinTypeRedeclared,
        .invalidOperands, .ruleNotBool, .typeMismatch, .unwrappedOptional, .uninferableType, .notConstant,
        .invalidDate, .wrongArguments, .unsupportedTypeForm, .invalidArgumentType, .invalidFieldType,
        .missingDefault, .missingTipTitle, .missingActionTitle, .repeatedSetting, .retiredDuplicateTipID,
        .duplicateGroupMember, .tipInTwoGroups, .retiredReusableTipInGroup, .invalidFilter, .invalidWindow,
        .unknownReason, .invalidDonation, .invalidTipOption, .invalidConfiguration, .repeatedConfig,
        .invalidEventLimit, .ruleNeverTrue, .misplacedInterpolation, .duplicateActionID, .circularConstant,
        .invalidRename, .sharedPersistenceKey, .invalidPersistenceKey, .conditionNotBool, .invalidPlatformTest,
        .invalidGoal, .invalidExperiment, .variantNotDifferent, .fallbackNotLast, .invalidCalendarTest, .invalidYearlyDate,
        .invalidSnooze,
        .ruleAlwaysTrue, .divisionByZero, .arithmeticOverflow, .tipIDsMayCoincide, .sharedTipID,
    ]
}
