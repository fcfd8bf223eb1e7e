import TipsCheck
import TipsDriver
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
        // Checked once; the bundle (none with errors) is compiled from the model of that check.
        self.init(path: path, checked: CheckedCatalog(sources))
    }

    /// Compiles a catalog already checked (a caller that also reads its translations).
    public init(path: String, checked: CheckedCatalog) {
        self.path = path
        model = checked.model
        let output = checked.compile()
        bundle = output.bytes
        errors = output.diagnostics.filter { $0.severity == .error }
    }

    /// The model's tip called `name`.
    func tip(named name: String) -> TipsCheck.Tip? { model.tips.first { $0.name == name } }
}
