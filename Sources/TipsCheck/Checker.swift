import TipsSource
import TipsSyntax

/// What checking a catalog produces.
public struct CheckResult: Sendable {
    /// The checked model; complete only when `diagnostics` has no errors.
    public var model: CatalogModel
    /// Errors and warnings from every stage, parser included, sorted for output.
    public var diagnostics: [Diagnostic]

    public init(model: CatalogModel, diagnostics: [Diagnostic]) {
        self.model = model
        self.diagnostics = diagnostics
    }
}

/// Parses and checks every file of a catalog together.
public enum Checker {
    /// Parses each file of `sources`, resolves names across files, types every expression,
    /// runs the lints, and returns the model with all diagnostics.
    ///
    /// A file with syntax errors is still checked as far as it parsed, so one run reports
    /// every problem it can.
    public static func check(_ sources: SourceSet) -> CheckResult {
        var diagnostics: [Diagnostic] = []
        var trees: [FileSyntax] = []
        for file in sources.files {
            let parsed = Parser.parse(file)
            trees.append(parsed.tree)
            diagnostics += parsed.diagnostics
        }
        var checker = CatalogChecker(sources: sources)
        let model = checker.run(trees)
        diagnostics += checker.diagnostics
        diagnostics += Linter.lint(trees, sources: sources)
        return CheckResult(model: model, diagnostics: diagnostics.sortedForOutput())
    }
}
