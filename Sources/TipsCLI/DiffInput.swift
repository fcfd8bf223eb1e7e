import TipsBytecode
import TipsCompile
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
        let loaded = CatalogLoader.load([path])
        guard loaded.failures.isEmpty else {
            for failure in loaded.failures { invocation.error(failure.message) }
            throw Definitions.Exit(status: ExitCode.usage)
        }
        guard loaded.catalogs.count == 1, let sources = loaded.catalogs.first else {
            invocation.error(loaded.catalogs.isEmpty ? "no .tips files found in \(path)"
                             : "\(path) holds \(loaded.catalogs.count) catalogs; name one of them")
            throw Definitions.Exit(status: ExitCode.usage)
        }
        let output = Compiler.compile(sources: sources)
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

    /// Where `change`'s declaration is in this catalog: the name after its keyword (`tip`,
    /// `event`, `param`, `enum`, `group`; `displayFrequency` in `config`), or nil.
    func locate(_ change: CatalogChange) -> DiffLocation? {
        let keyword: String
        switch change.kind {
        case .tip: keyword = "tip"
        case .event: keyword = "event"
        case .param: keyword = "param"
        case .enum: keyword = "enum"
        case .group: keyword = "group"
        case .config: keyword = ""
        }
        for file in sources.files {
            for index in file.lineStarts.indices {
                let line = Array(file.lineText(index).unicodeScalars)
                var words: [(start: Int, text: String)] = []
                var i = 0
                // The first three words of the line: enough for `transient param name`.
                while i < line.count, words.count < 3 {
                    while i < line.count, line[i] == " " || line[i] == "\t" { i += 1 }
                    let start = i
                    while i < line.count, line[i].properties.isAlphabetic || line[i] == "_"
                        || ("0"..."9").contains(line[i]) { i += 1 }
                    if i == start { break }
                    words.append((start, String(String.UnicodeScalarView(line[start..<i]))))
                }
                var target: (start: Int, text: String)?
                if keyword.isEmpty {
                    if words.first?.text == change.name { target = words.first }
                } else if let k = words.firstIndex(where: { $0.text == keyword }), k + 1 < words.count,
                          k == 0 || (k == 1 && words[0].text == "transient"), words[k + 1].text == change.name {
                    target = words[k + 1]
                }
                if let target {
                    return DiffLocation(path: file.path, line: index + 1, column: target.start + 1,
                                        endColumn: target.start + 1 + target.text.unicodeScalars.count)
                }
            }
        }
        return nil
    }
}
