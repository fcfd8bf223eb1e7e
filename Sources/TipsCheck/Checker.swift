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
        check(sources, parsed: sources.files.map(Parser.parse))
    }

    /// Checks a catalog whose files are already parsed: `parsed[i]` is `Parser.parse` of
    /// `sources.files[i]`. An editor re-parses only the file that changed and passes the
    /// others' results again; the outcome is the same as ``check(_:)``.
    public static func check(_ sources: SourceSet, parsed: [ParseResult]) -> CheckResult {
        guard parsed.count == sources.files.count else { return check(sources) }
        var diagnostics: [Diagnostic] = []
        var trees: [FileSyntax] = []
        for result in parsed {
            trees.append(result.tree)
            diagnostics += result.diagnostics
        }
        var checker = CatalogChecker(sources: sources)
        let model = checker.run(trees)
        let parseErrors = diagnostics
        diagnostics += checker.diagnostics
        diagnostics += Linter.lint(trees, sources: sources)
        diagnostics = withoutCascades(diagnostics, parseErrors: parseErrors, trees: trees)
        return CheckResult(model: model, diagnostics: diagnostics.sortedForOutput())
    }

    /// Drops diagnostics that only follow from another one, so each mistake is reported once:
    /// a missing title in a tip whose body had a syntax error (the title line is usually the
    /// one the parser could not read), and "never used" lints for events or parameters while
    /// some event or parameter name does not resolve (the misspelled use is the real error).
    static func withoutCascades(_ diagnostics: [Diagnostic], parseErrors: [Diagnostic],
                                trees: [FileSyntax]) -> [Diagnostic] {
        var brokenTips: [SourceRange] = []
        for tree in trees {
            for case .tip(let tip) in tree.declarations where parseErrors.contains(where: {
                $0.severity == .error && $0.range.file == tip.range.file && tip.range.contains($0.range.start)
            }) {
                brokenTips.append(tip.range)
            }
        }
        let codes = Set(diagnostics.map(\.code))
        return diagnostics.filter { d in
            switch d.code {
            case "E401", "E402":
                return !brokenTips.contains { $0.file == d.range.file && $0.contains(d.range.start) }
            case "W122": return !codes.contains("E201")
            case "W123": return !codes.contains("E202")
            default: return true
            }
        }
    }
}
