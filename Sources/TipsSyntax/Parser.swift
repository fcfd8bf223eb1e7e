import TipsSource

/// What parsing one file produces: always a tree, plus the problems found.
public struct ParseResult: Sendable {
    public var tree: FileSyntax
    public var diagnostics: [Diagnostic]

    public init(tree: FileSyntax, diagnostics: [Diagnostic]) {
        self.tree = tree
        self.diagnostics = diagnostics
    }
}

/// Parses `.tips` source into a ``FileSyntax``.
public enum Parser {
    /// Parses one file. Never throws and never traps: every problem becomes a diagnostic.
    public static func parse(_ file: SourceFile) -> ParseResult {
        // Interface placeholder: the recursive-descent parser replaces this body.
        ParseResult(tree: FileSyntax(file: file.id, declarations: [], comments: []), diagnostics: [])
    }
}
