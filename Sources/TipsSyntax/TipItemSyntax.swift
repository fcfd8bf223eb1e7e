import TipsSource

/// One line of a tip body. Properties may be written in any order; the checker reports
/// repeats of the single-valued ones.
public enum TipItemSyntax: Sendable, Hashable {
    /// `id "text"`: overrides the default id (the tip's name); may interpolate arguments.
    case id(StringLiteralSyntax, range: SourceRange)
    /// `title TEXT` (required).
    case title(TextSyntax, range: SourceRange)
    /// `message TEXT [when CONDITION]`: a tip may have several messages; the first whose
    /// condition holds is shown, and one without a condition (the last) is the fallback.
    case message(TextSyntax, condition: ExprSyntax?, range: SourceRange)
    /// `image "symbol.name" [when CONDITION]` or `image symbol "symbol.name"`: an SF Symbol.
    /// A tip may have several images; the first whose condition holds is shown.
    case image(StringLiteralSyntax, condition: ExprSyntax?, range: SourceRange)
    /// `image asset "Onboarding/Hero" [when CONDITION]`: an image of the app's asset catalog.
    case imageAsset(StringLiteralSyntax, condition: ExprSyntax?, range: SourceRange)
    /// `rule EXPR`: all rules must hold.
    case rule(ExprSyntax, range: SourceRange)
    /// `action "id" { ... }`.
    case action(ActionSyntax)
    /// `invalidate when EVENT [where FILTER] [reason R]`.
    case invalidateWhen(event: Identifier, filter: ExprSyntax?, reason: Identifier?, range: SourceRange)
    /// `goal EVENT [where FILTER] within DURATION`: what the tip teaches; a matching
    /// donation within the window after the tip was shown is a conversion. The window is
    /// optional here so that the checker, not the parser, reports a missing one.
    case goal(event: Identifier, filter: ExprSyntax?, window: ExprSyntax?, range: SourceRange)
    /// `experiment NAME { salt, holdout, variants }`: variants of the tip's copy and limits.
    case experiment(ExperimentSyntax)
    /// `maxDisplayCount N`.
    case maxDisplayCount(ExprSyntax, range: SourceRange)
    /// `maxDisplayDuration D`.
    case maxDisplayDuration(ExprSyntax, range: SourceRange)
    /// `ignoresDisplayFrequency [true|false]`; the bare form means `true`.
    case ignoresDisplayFrequency(Bool, range: SourceRange)
    /// `priority N`: which eligible tip takes a display budget's places first (higher first).
    case priority(ExprSyntax, range: SourceRange)
    /// `ignoresDisplayBudget [true|false]`; the bare form means `true`.
    case ignoresDisplayBudget(Bool, range: SourceRange)
    /// `resetEligibility after D`: D after an invalidation the tip returns to its rules by
    /// itself.
    case resetEligibility(after: ExprSyntax, range: SourceRange)

    /// The range of the whole item.
    public var range: SourceRange {
        switch self {
        case .id(_, let r), .title(_, let r), .message(_, _, let r), .image(_, _, let r), .imageAsset(_, _, let r), .rule(_, let r),
             .invalidateWhen(_, _, _, let r), .goal(_, _, _, let r), .maxDisplayCount(_, let r), .maxDisplayDuration(_, let r),
             .ignoresDisplayFrequency(_, let r), .priority(_, let r), .ignoresDisplayBudget(_, let r), .resetEligibility(_, let r):
            r
        case .action(let a): a.range
        case .experiment(let e): e.range
        }
    }
}
