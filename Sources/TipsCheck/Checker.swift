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
    public static func check(_ sources: SourceSet) -> CheckResult {
        // Interface placeholder: the checker replaces this body.
        var diagnostics: [Diagnostic] = []
        for file in sources.files {
            diagnostics += Parser.parse(file).diagnostics
        }
        return CheckResult(model: CatalogModel(), diagnostics: diagnostics.sortedForOutput())
    }
}
