import TipsBytecode
import TipsCheck
import TipsSource

/// Lowers a checked catalog into a bytecode bundle, the form apps ship and the rule VM runs.
///
/// Each rule becomes its own Bool program (a tip lists them; the VM ANDs them with an early
/// exit between rules), so a tool can say which rule holds a tip back and every program
/// keeps a source map of its own. Inside a rule, `&&`/`||` short-circuit with forward jumps.
public enum Compiler {
    /// Compiles `model`, which must come from a check without errors (an erroneous model
    /// still compiles, but the bundle may not verify). `sources` names the files in the
    /// source map. The same model and sources always give the same bundle.
    public static func compile(_ model: CatalogModel, sources: SourceSet,
                               options: CompileOptions = CompileOptions()) -> TipsBundle {
        lower(model, sources: sources, options: options).bundle
    }

    static func lower(_ model: CatalogModel, sources: SourceSet, options: CompileOptions)
        -> (bundle: TipsBundle, operandOverflow: Bool) {
        var lowering = Lowering(model: model, sources: sources, options: options)
        lowering.lowerCatalog()
        return (lowering.builder.bundle, lowering.operandOverflow)
    }

    /// The encoded bytes of `bundle` (deterministic: equal bundles give equal bytes).
    public static func encode(_ bundle: TipsBundle) -> [UInt8] {
        BundleWriter.encode(bundle)
    }

    /// Checks `sources` and, when there are no errors, compiles, verifies and encodes them:
    /// ``compile(checked:sources:options:)`` of `Checker.check(sources)`.
    public static func compile(sources: SourceSet, options: CompileOptions = CompileOptions()) -> CompileOutput {
        compile(checked: Checker.check(sources), sources: sources, options: options)
    }

    /// Compiles, verifies and encodes a catalog checked already (`checked` is what
    /// `Checker.check` said of files with the same ids as `sources`), when it has no errors:
    /// the way to a bundle that does not type-check the catalog a second time. A bundle that
    /// fails verification, or an index too large for its instruction field (more than 2^24
    /// constants, say), is reported as error `E900` at the start of the first file rather
    /// than trapping or shipping a wrong program. `sources` names the files in the source
    /// map, so it may carry other paths than the ones checked.
    public static func compile(checked: CheckResult, sources: SourceSet, options: CompileOptions = CompileOptions()) -> CompileOutput {
        var diagnostics = checked.diagnostics
        guard diagnostics.errorCount == 0 else { return CompileOutput(bundle: nil, bytes: nil, diagnostics: diagnostics) }
        let (bundle, overflow) = lower(checked.model, sources: sources, options: options)
        let file = sources.files.first?.id ?? FileID(0)
        guard !overflow else {
            diagnostics.append(.error(.internalCompilerError, "internal compiler error: a table index does not fit its instruction",
                                      at: .point(file, 0)))
            return CompileOutput(bundle: nil, bytes: nil, diagnostics: diagnostics)
        }
        do {
            _ = try Verifier.verify(bundle)
        } catch {
            diagnostics.append(.error(.internalCompilerError, "internal compiler error: the bundle does not verify (\(error))",
                                      at: .point(file, 0)))
            return CompileOutput(bundle: bundle, bytes: nil, diagnostics: diagnostics)
        }
        return CompileOutput(bundle: bundle, bytes: encode(bundle), diagnostics: diagnostics)
    }
}

/// Choices that change the bundle's bytes but not its meaning.
public struct CompileOptions: Sendable, Hashable {
    /// Record each instruction's file, line and column.
    public var sourceMap: Bool
    /// Use fused instructions (`countAtLeast`, `paramEqConst`) where the shape allows.
    /// Off, every expression is lowered node by node (differential tests run both ways).
    public var fuse: Bool
    /// Write the `explain` section: each rule's text and probe programs, so the runtime and
    /// `tipc explain` can show the values a rule saw (Docs/explain.md). Off, it is empty.
    public var explain: Bool

    public init(sourceMap: Bool = true, fuse: Bool = true, explain: Bool = true) {
        self.sourceMap = sourceMap
        self.fuse = fuse
        self.explain = explain
    }
}

/// What compiling a source set produces.
public struct CompileOutput: Sendable {
    /// The bundle, when checking found no errors.
    public var bundle: TipsBundle?
    /// The verified bundle's bytes, when checking found no errors and it verified.
    public var bytes: [UInt8]?
    /// Diagnostics from checking (and `E900` if the bundle did not verify).
    public var diagnostics: [Diagnostic]

    public init(bundle: TipsBundle?, bytes: [UInt8]?, diagnostics: [Diagnostic]) {
        self.bundle = bundle
        self.bytes = bytes
        self.diagnostics = diagnostics
    }
}
