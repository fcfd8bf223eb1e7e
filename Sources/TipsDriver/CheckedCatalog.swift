import TipsCheck
import TipsCompile
import TipsSource

/// One catalog's files and what checking them found, checked once: what compiling,
/// generating Swift, diffing and running scenarios start from, so no path through the
/// tools checks a catalog twice.
public struct CheckedCatalog: Sendable {
    /// The catalog's files, with the paths as they were named (on the command line, by the
    /// editor): diagnostics render against them.
    public let sources: SourceSet
    /// The checker's result: the model and every diagnostic, sorted for output.
    public let result: CheckResult

    /// Checks `sources`, the files of one catalog.
    public init(_ sources: SourceSet) {
        self.init(sources: sources, result: Checker.check(sources))
    }

    /// A catalog checked already: `result` is `Checker.check(sources)` (or the same
    /// from an ``IncrementalChecker``).
    public init(sources: SourceSet, result: CheckResult) {
        self.sources = sources
        self.result = result
    }

    /// The checked model; complete only when there are no errors.
    public var model: CatalogModel { result.model }

    /// The errors alone: what stops compiling (warnings are `tipc check`'s business).
    public var errors: [Diagnostic] { result.diagnostics.filter { $0.severity == .error } }

    /// The bundle of the checked model, lowered, verified and encoded without checking
    /// again: `bundle` and `bytes` are nil when the check found errors, and a bundle that
    /// does not verify is error `E900` (see ``Compiler/compile(checked:sources:options:)``).
    ///
    /// With `catalogRelativePaths`, the bundle names each file relative to the deepest
    /// directory holding them all (``TipsSource/SourceSet/relativeToCatalog()``), so the
    /// same catalog gives the same bytes wherever it is checked out (`tipc compile`, `tipc
    /// gen swift`); without, as named (what `--defs` compiles in memory, whose source lines
    /// `tipc explain` prints). File ids are the same either way, so diagnostics render
    /// against ``sources``.
    public func compile(options: CompileOptions = CompileOptions(), catalogRelativePaths: Bool = false) -> CompileOutput {
        Compiler.compile(checked: result, sources: catalogRelativePaths ? sources.relativeToCatalog() : sources,
                         options: options)
    }
}
