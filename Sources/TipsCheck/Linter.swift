import TipsSource
import TipsSyntax

/// The lints: warnings about definitions that are legal but likely wrong.
///
/// Each lint is a small pass over the syntax trees (one file per lint or family under
/// `Lints/`), independent of the checker: names are looked up in a ``LintContext`` built
/// from the trees, and a name that does not resolve is left to the checker to report.
/// Codes are W100–W199 (W150 belongs to the checker); see `Docs/diagnostics.md`.
public enum Linter {
    /// Every lint warning for the parsed files of one catalog, sorted for output, minus those
    /// silenced by `// lint-ignore W1xx` comments.
    public static func lint(_ files: [FileSyntax], sources: SourceSet) -> [Diagnostic] {
        lint(files, sources: sources, tipLints: tipLints)
    }

    /// ``lint(_:sources:)`` with `tipLints` in place of ``tipLints(_:)`` (for
    /// ``IncrementalChecker``, which keeps their results per file).
    static func lint(_ files: [FileSyntax], sources: SourceSet,
                     tipLints: (LintContext) -> [Diagnostic]) -> [Diagnostic] {
        let context = LintContext(files: files, sources: sources)
        let diagnostics = tipLints(context) + catalogLints(context)
        let suppression = LintSuppression(files: files, sources: sources)
        var used = Set<LintSuppression.Used>()
        let kept = diagnostics.filter { d in
            guard let e = suppression.entry(silencing: d, sources: sources) else { return true }
            used.insert(LintSuppression.Used(entry: e, code: d.code))
            return false
        }
        return (kept + suppression.superfluous(used: used)).sortedForOutput()
    }

    /// The lints that look at one tip at a time: what they report about a tip depends on
    /// that tip and on the catalog's other declarations (events, parameters, constants,
    /// configuration), never on another tip, so ``IncrementalChecker`` runs them over the
    /// tips of edited files only (`context.tips`, `context.allEvaluatedExpressions`).
    static func tipLints(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        diagnostics += CopyLints.run(context)
        diagnostics += ImageNameLint.run(context)
        diagnostics += SymbolNameLint.run(context)
        diagnostics += DuplicateActionTitleLint.run(context)
        diagnostics += CountEqualityLint.run(context)
        diagnostics += DuplicateRuleLint.run(context)
        diagnostics += RepeatedAlternativeLint.run(context)
        diagnostics += SelfInvalidatingRuleLint.run(context)
        diagnostics += CountBeyondLimitLint.run(context)
        diagnostics += WindowBeyondMaxAgeLint.run(context)
        diagnostics += DisplayOptionLints.run(context)
        diagnostics += BudgetLints.tipLints(context)
        diagnostics += RenewalLints.run(context)
        diagnostics += ReusableTipIDLints.run(context)
        return diagnostics
    }

    /// The lints that compare declarations across the catalog (uses, groups, every tip's
    /// options): always run over all of it.
    static func catalogLints(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        diagnostics += MissingRulesLint.run(context)
        diagnostics += UnusedDeclarationLints.run(context)
        diagnostics += DisplayFrequencyLint.run(context)
        diagnostics += GroupLints.run(context)
        diagnostics += BudgetLints.catalogLints(context)
        diagnostics += TestingOverrideLint.run(context)
        diagnostics += EmptyFileLint.run(context)
        return diagnostics
    }
}
