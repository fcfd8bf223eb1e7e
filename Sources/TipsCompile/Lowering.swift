import TipsBytecode
import TipsCheck
import TipsSource

/// The state of one compilation: the model being lowered and the bundle being built.
/// Tables are filled in a fixed order (enums, params, events, tips, groups) from the
/// model's arrays, so the output depends only on the input.
struct Lowering {
    let model: CatalogModel
    let sources: SourceSet
    let options: CompileOptions
    var builder = BundleBuilder()
    /// Set when some program had an operand too large for its instruction field (the
    /// program was truncated); `compile(sources:)` reports it instead of shipping it.
    var operandOverflow = false
    /// File-table index per source file, filled on first use.
    private var fileIndex: [Int32: UInt32] = [:]
    /// The model index of the tip whose rules (or probes) are being lowered: an argument
    /// read names that tip's argument.
    var loweringTip = 0

    init(model: CatalogModel, sources: SourceSet, options: CompileOptions) {
        self.model = model
        self.sources = sources
        self.options = options
    }

    mutating func lowerCatalog() {
        lowerConfiguration()
        lowerEnums()
        lowerParameters()
        lowerEvents()
        for (t, tip) in model.tips.enumerated() {
            loweringTip = t
            lowerTip(tip)
        }
        lowerGroups()
        lowerBudgets()
        lowerRenewals()
        lowerExplanations()
        lowerRenames()
        lowerKeys()
    }

    /// The source-map entry for the start of `range`.
    mutating func location(_ range: SourceRange) -> SourceMapEntry {
        guard options.sourceMap, range.file.index >= 0, Int(range.file.index) < sources.files.count else { return .none }
        let file = sources.files[Int(range.file.index)]
        let index: UInt32
        if let known = fileIndex[range.file.index] {
            index = known
        } else {
            index = builder.file(file.path)
            fileIndex[range.file.index] = index
        }
        let at = file.location(of: range.start)
        return SourceMapEntry(file: index, line: UInt32(clamping: at.line), column: UInt32(clamping: at.column))
    }

    /// A finished program added to the bundle.
    mutating func addProgram(_ p: ProgramBuilder, resultType: TipsBytecode.ValueType) -> UInt32 {
        if p.operandOverflow { operandOverflow = true }
        return builder.addProgram(p.program(resultType: resultType, withSourceMap: options.sourceMap))
    }
}
