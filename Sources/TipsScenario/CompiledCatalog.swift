import TipsCheck
import TipsCompile
import TipsSource

/// A catalog ready for scenarios: its bundle bytes and its checked model (for notes that
/// point at the rules), or the errors that stopped it compiling.
public struct CompiledCatalog: Sendable {
    /// The catalog directory, as named in messages.
    public var path: String
    /// The encoded, verified bundle; nil when the catalog has errors.
    public var bundle: [UInt8]?
    /// The checked model.
    public var model: CatalogModel
    /// Errors from checking or compiling (warnings are left to `tipc check`).
    public var errors: [Diagnostic]

    /// Checks and compiles `sources` (the files of one catalog).
    public init(path: String, sources: SourceSet) {
        self.path = path
        let checked = Checker.check(sources)
        model = checked.model
        if checked.diagnostics.errorCount > 0 {
            bundle = nil
            errors = checked.diagnostics.filter { $0.severity == .error }
            return
        }
        let output = Compiler.compile(sources: sources)
        bundle = output.bytes
        errors = output.diagnostics.filter { $0.severity == .error }
    }

    /// The model's tip called `name`.
    func tip(named name: String) -> ModelTip? { model.tips.first { $0.name == name } }
}
