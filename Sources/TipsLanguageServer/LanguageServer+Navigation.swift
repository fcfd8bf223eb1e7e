import TipsSource
import TipsText

extension LanguageServer {
    /// The analysis holding the document of `params`, that file, and the byte offset of
    /// `params.position` in it.
    mutating func locate(_ params: JSON) throws(RPCError) -> (Analysis, FileID, Int32) {
        let uri = try documentURI(params)
        let position = try LSPPosition(json: try params.required("position"))
        guard let (analysis, file) = workspace.analysis(for: uri) else {
            throw .requestFailed("unknown document \(uri): open it first")
        }
        return (analysis, file, analysis.sources[file].offset(of: position, encoding: encoding))
    }

    func location(_ range: SourceRange, in analysis: Analysis) -> JSON {
        .object(["uri": .string(analysis.uri(of: range.file)),
                 "range": analysis.sources[range.file].lspRange(range, encoding: encoding)])
    }

    mutating func definition(_ params: JSON) throws(RPCError) -> JSON {
        let (analysis, file, offset) = try locate(params)
        guard let occurrence = analysis.index.occurrence(in: file, at: offset),
              let declarations = analysis.index.declarations[occurrence.key] else { return .null }
        return .array(declarations.map { location($0.nameRange, in: analysis) })
    }

    mutating func references(_ params: JSON) throws(RPCError) -> JSON {
        let (analysis, file, offset) = try locate(params)
        guard let occurrence = analysis.index.occurrence(in: file, at: offset) else { return .null }
        let includeDeclaration = params["context"]?["includeDeclaration"]?.bool ?? true
        return .array(analysis.index.occurrences(of: occurrence.key)
            .filter { includeDeclaration || !$0.isDeclaration }
            .map { location($0.range, in: analysis) })
    }

    mutating func documentHighlights(_ params: JSON) throws(RPCError) -> JSON {
        let (analysis, file, offset) = try locate(params)
        guard let occurrence = analysis.index.occurrence(in: file, at: offset) else { return .null }
        return .array(analysis.index.occurrences(of: occurrence.key).filter { $0.range.file == file }.map {
            .object(["range": analysis.sources[file].lspRange($0.range, encoding: encoding),
                     "kind": .int($0.isDeclaration ? 3 : 2)])
        })
    }
}
