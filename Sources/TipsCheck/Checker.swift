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
        var reuse = TipReuse()
        return check(sources, parsed: parsed, tipReuse: &reuse, lint: Linter.lint)
    }

    /// ``check(_:parsed:)`` taking tips from `tipReuse` where it has them (and recording into
    /// it), with `lint` in place of ``Linter/lint(_:sources:)``: ``IncrementalChecker``'s way
    /// in, so both share every step.
    static func check(_ sources: SourceSet, parsed: [ParseResult], tipReuse: inout TipReuse,
                      lint: ([FileSyntax], SourceSet) -> [Diagnostic]) -> CheckResult {
        var diagnostics: [Diagnostic] = []
        var trees: [FileSyntax] = []
        var brokenNames: Set<String> = []
        for result in parsed {
            trees.append(result.tree)
            diagnostics += result.diagnostics
            brokenNames.formUnion(result.brokenNames)
        }
        var checker = CatalogChecker(sources: sources)
        checker.tipReuse = tipReuse
        let model = checker.run(trees)
        tipReuse = checker.tipReuse
        let parseErrors = diagnostics
        diagnostics += checker.diagnostics
        diagnostics += lint(trees, sources)
        diagnostics = withoutCascades(diagnostics, parseErrors: parseErrors, trees: trees,
                                      brokenNames: brokenNames, sources: sources)
        return CheckResult(model: model, diagnostics: diagnostics.sortedForOutput().errorsFirst())
    }

    /// Drops diagnostics that only follow from another one, so each mistake is reported once:
    /// - a missing title in a tip whose body had a syntax error (the title line is usually the
    ///   one the parser could not read);
    /// - any warning inside a declaration with a syntax error (it is about what failed to
    ///   parse, not about what the author wrote);
    /// - checker errors on a line that already has a syntax error (the syntax error is the
    ///   one to fix; the checker saw only what the parser could make of the line);
    /// - unknown names that name a declaration the parser had to abandon (`event e(` in one
    ///   file makes no `unknown event 'e'` in the others);
    /// - W146 in a tip with an unknown interpolated argument (usually the id's, misspelt);
    /// - "never used" lints while some name does not resolve or some file has a syntax error
    ///   (the misspelled or unparsed use is the real mistake).
    static func withoutCascades(_ diagnostics: [Diagnostic], parseErrors: [Diagnostic], trees: [FileSyntax],
                                brokenNames: Set<String> = [], sources: SourceSet? = nil) -> [Diagnostic] {
        let syntaxErrors = parseErrors.filter { $0.severity == .error }
        var brokenDeclarations: [SourceRange] = []
        for tree in trees {
            for declaration in tree.declarations where syntaxErrors.contains(where: {
                $0.range.file == declaration.range.file && declaration.range.contains($0.range.start)
            }) {
                brokenDeclarations.append(declaration.range)
            }
        }
        func inBrokenDeclaration(_ d: Diagnostic) -> Bool {
            brokenDeclarations.contains { $0.file == d.range.file && $0.contains(d.range.start) }
        }
        var brokenLines: Set<[Int32]> = []
        if let sources {
            for d in syntaxErrors {
                brokenLines.insert([d.range.file.index, Int32(sources[d.range.file].lineIndex(of: d.range.start))])
            }
        }
        // Tips with an unknown interpolated argument: W146 (an argument missing from the id)
        // only repeats it when the misspelt interpolation is the id's.
        var tipsWithUnknownArguments: [SourceRange] = []
        for tree in trees {
            for case .tip(let tip) in tree.declarations where diagnostics.contains(where: {
                $0.hasCode(.unknownTipArgument) && $0.range.file == tip.range.file && tip.range.contains($0.range.start)
            }) {
                tipsWithUnknownArguments.append(tip.range)
            }
        }
        // Constants whose value has an error: "never used" would be beside the point.
        var brokenConstants: [SourceRange] = []
        for tree in trees {
            for case .constant(let c) in tree.declarations where diagnostics.contains(where: {
                $0.severity == .error && $0.range.file == c.range.file && c.range.contains($0.range.start)
            }) {
                brokenConstants.append(c.range)
            }
        }
        let parseErrorSet = Set(parseErrors)
        let codes = Set(diagnostics.compactMap { DiagnosticCode(parsing: $0.code) })
        let hasSyntaxErrors = !syntaxErrors.isEmpty
        return diagnostics.filter { d in
            if parseErrorSet.contains(d) { return true }
            if d.severity == .warning, inBrokenDeclaration(d) { return false }
            let code = DiagnosticCode(parsing: d.code)
            if let sources {
                if brokenLines.contains([d.range.file.index, Int32(sources[d.range.file].lineIndex(of: d.range.start))]) {
                    return false
                }
                let named = sources[d.range.file].text(in: d.range)
                if let code, [.unknownEvent, .unknownParameter, .unknownType, .unknownTip].contains(code), brokenNames.contains(named) {
                    return false
                }
                // A tip whose items were cut off by a misplaced `}`: its missing title and its
                // lints are about what failed to parse.
                if code == .missingTipTitle || d.severity == .warning, brokenNames.contains(named) { return false }
            }
            switch code {
            case .missingTipTitle?, .missingActionTitle?: return !inBrokenDeclaration(d)
            case .reusableIDMissesArgument?:
                return !tipsWithUnknownArguments.contains { $0.file == d.range.file && $0.contains(d.range.start) }
            case .unusedEvent?: return !codes.contains(.unknownEvent) && !hasSyntaxErrors
            case .unusedParam?: return !codes.contains(.unknownParameter) && !hasSyntaxErrors
            case .unusedConstant?:
                return !codes.contains(.unknownParameter) && !hasSyntaxErrors
                    && !brokenConstants.contains { $0.file == d.range.file && $0.contains(d.range.start) }
            default: return true
            }
        }
    }
}

extension Array where Element == Diagnostic {
    /// Errors before warnings, each in their order: the errors are what must be fixed, and a
    /// warning is often a consequence of one.
    public func errorsFirst() -> [Diagnostic] {
        filter { $0.severity == .error } + filter { $0.severity != .error }
    }
}
