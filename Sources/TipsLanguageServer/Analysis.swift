import TipsCheck
import TipsSource
import TipsSyntax

/// One checked snapshot of a catalog: its files as the editor has them, the checker's
/// diagnostics, the syntax trees and the name index.
struct Analysis: Sendable {
    /// The files, in catalog order; the URI of file `i` is `uris[i]`.
    var sources: SourceSet
    var uris: [String]
    var trees: [FileSyntax]
    var diagnostics: [Diagnostic]
    var index: CatalogIndex
    /// Whether only syntax was checked (a file outside any catalog).
    var syntaxOnly: Bool

    /// Parses and checks `files` together (or only parses them, for `syntaxOnly`).
    init(files: [(uri: String, path: String, bytes: [UInt8])], syntaxOnly: Bool) {
        var sources = SourceSet()
        for f in files { sources.add(path: f.path, bytes: f.bytes) }
        self.sources = sources
        self.uris = files.map(\.uri)
        self.syntaxOnly = syntaxOnly
        var trees: [FileSyntax] = []
        var parseDiagnostics: [Diagnostic] = []
        for file in sources.files {
            let parsed = Parser.parse(file)
            trees.append(parsed.tree)
            parseDiagnostics += parsed.diagnostics
        }
        self.trees = trees
        self.diagnostics = syntaxOnly ? parseDiagnostics.sortedForOutput() : Checker.check(sources).diagnostics
        self.index = CatalogIndex(trees: trees)
    }

    /// The id of the file with `uri`.
    func file(for uri: String) -> FileID? {
        uris.firstIndex(of: uri).map { FileID(Int32($0)) }
    }

    func uri(of file: FileID) -> String { uris[Int(file.index)] }
}
