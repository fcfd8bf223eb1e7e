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
        let context = LintContext(files: files, sources: sources)
        var diagnostics: [Diagnostic] = []
        diagnostics += CopyLints.run(context)
        diagnostics += ImageNameLint.run(context)
        diagnostics += DuplicateActionTitleLint.run(context)
        diagnostics += MissingRulesLint.run(context)
        diagnostics += CountEqualityLint.run(context)
        diagnostics += DuplicateRuleLint.run(context)
        diagnostics += SelfInvalidatingRuleLint.run(context)
        diagnostics += CountBeyondLimitLint.run(context)
        diagnostics += WindowBeyondMaxAgeLint.run(context)
        diagnostics += UnusedDeclarationLints.run(context)
        diagnostics += DisplayOptionLints.run(context)
        diagnostics += DisplayFrequencyLint.run(context)
        diagnostics += GroupLints.run(context)
        diagnostics += ReusableTipIDLints.run(context)
        diagnostics += TestingOverrideLint.run(context)
        let suppression = LintSuppression(files: files, sources: sources)
        return diagnostics.filter { !suppression.isSilenced($0, sources: sources) }.sortedForOutput()
    }
}
