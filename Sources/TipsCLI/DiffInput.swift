import TipsBytecode
import TipsCommandLine
import TipsCompile
import TipsDriver
import TipsSource

/// One side of `tipc diff`: a catalog (compiled in memory) or a bundle file, as a schema,
/// with the sources when there are any so changes can point at declarations.
struct DiffInput {
    var path: String
    var schema: CatalogSchema
    /// The catalog's files; empty for a bundle.
    var sources: SourceSet

    /// Loads `path`: a directory or a `.tips` file is a catalog (exactly one), any other
    /// regular file a bundle. Prints why and throws on unreadable input (2), a catalog with
    /// errors or a bundle that doesn't verify (1).
    static func load(_ path: String, _ invocation: inout Invocation) throws(Definitions.Exit) -> DiffInput {
        if case .success(let status) = FileSystem.status(path), status.kind == .regular, !path.hasSuffix(".tips") {
            let definitions = try Definitions.read(path, &invocation)
            return DiffInput(path: path, schema: CatalogSchema(definitions.bundle), sources: SourceSet())
        }
        let sources = try Definitions.catalog(path, &invocation)
        let output = CheckedCatalog(sources).compile()
        guard let bytes = output.bytes, output.diagnostics.errorCount == 0 else {
            let errors = output.diagnostics.filter { $0.severity == .error }
            invocation.stderr += DiagnosticRenderer.text(errors, sources: sources)
            invocation.error("the definitions in \(path) have errors; run 'tipc check \(path)'")
            throw Definitions.Exit(status: ExitCode.failure)
        }
        // Decode the encoded bundle, exactly as for a bundle file, so both kinds of input agree.
        do {
            let verified = try BundleLoader.load(bytes)
            return DiffInput(path: path, schema: CatalogSchema(verified.bundle), sources: sources)
        } catch {
            invocation.error("internal error: the bundle compiled from \(path) does not verify: \(error)")
            throw Definitions.Exit(status: ExitCode.failure)
        }
    }

    /// Where `change`'s declaration is in this catalog, or nil (always for a bundle).
    func locate(_ change: CatalogChange) -> DiffLocation? { change.location(in: sources) }
}
