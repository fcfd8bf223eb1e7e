import TipsCheck
import TipsDriver
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
    /// The checker's result (nil for `syntaxOnly`), which the translation check reads.
    var checkResult: CheckResult?

    /// One parsed file kept for the next analysis: reused while the file keeps its bytes
    /// and its place in the catalog (its `FileID` is inside every range of the result).
    struct ParsedFile: Sendable {
        var index: Int
        var bytes: [UInt8]
        var result: ParseResult
    }

    /// Parses and checks `files` together (or only parses them, for `syntaxOnly`), reusing
    /// `cache` (by URI) for files that did not change, so a keystroke re-parses one file,
    /// and `checker`'s results for the tips of files the edit cannot affect.
    init(files: [(uri: String, path: String, bytes: [UInt8])], syntaxOnly: Bool,
         cache: inout [String: ParsedFile], checker: inout IncrementalChecker) {
        var sources = SourceSet()
        for f in files { sources.add(path: f.path, bytes: f.bytes) }
        self.sources = sources
        self.uris = files.map(\.uri)
        self.syntaxOnly = syntaxOnly
        var parsed: [ParseResult] = []
        var kept: [String: ParsedFile] = [:]
        for (i, file) in sources.files.enumerated() {
            let uri = files[i].uri
            if let hit = cache[uri], hit.index == i, hit.bytes == file.bytes {
                parsed.append(hit.result)
            } else {
                parsed.append(Parser.parse(file))
            }
            kept[uri] = ParsedFile(index: i, bytes: file.bytes, result: parsed[i])
        }
        cache = kept
        self.trees = parsed.map(\.tree)
        if syntaxOnly {
            self.diagnostics = parsed.flatMap(\.diagnostics).sortedForOutput()
        } else {
            let result = checker.check(sources, parsed: parsed)
            self.checkResult = result
            self.diagnostics = result.diagnostics
        }
        self.index = CatalogIndex(trees: trees)
    }

    /// Checks the String Catalogs beside the catalog (path and bytes) against it, as `tipc
    /// check` does (``StringCatalogFiles``): a missing or too long translation shows at the
    /// text in the `.tips` file, a wrong placeholder or a stale key in the String Catalog.
    /// Their files follow the `.tips` files in ``sources`` and ``uris``; like `tipc check`,
    /// a catalog with errors is not compared.
    mutating func addTranslations(_ files: [(path: String, bytes: [UInt8])], sourceLanguage: String = "en") {
        guard !files.isEmpty, let checkResult, diagnostics.errorCount == 0 else { return }
        let read = TranslationFiles(files, for: CheckedCatalog(sources: sources, result: checkResult), sourceLanguage: sourceLanguage)
        for file in read.sources.files.dropFirst(sources.files.count) {
            sources.add(path: file.path, bytes: file.bytes)
            uris.append(DocumentURI.uri(forPath: file.path))
        }
        diagnostics = (diagnostics + read.diagnostics).sortedForOutput()
    }

    /// The id of the `.tips` file with `uri` (a String Catalog's diagnostics are published,
    /// but the file is not one the server answers requests about).
    func file(for uri: String) -> FileID? {
        uris.firstIndex(of: uri).flatMap { $0 < trees.count ? FileID(Int32($0)) : nil }
    }

    func uri(of file: FileID) -> String { uris[Int(file.index)] }
}
