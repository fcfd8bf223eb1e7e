import TipsSource

/// What parsing one file produces: always a tree, plus the problems found.
public struct ParseResult: Sendable {
    public var tree: FileSyntax
    public var diagnostics: [Diagnostic]
    /// Names of declarations the parser had to abandon (`event e(` without its `)`): they are
    /// not in the tree, and their uses elsewhere should not be reported as unknown.
    public var brokenNames: [String]

    public init(tree: FileSyntax, diagnostics: [Diagnostic], brokenNames: [String] = []) {
        self.tree = tree
        self.diagnostics = diagnostics
        self.brokenNames = brokenNames
    }
}

/// Parses `.tips` source into a ``FileSyntax``.
public enum Parser {
    /// Files larger than this are rejected unread (E101): a catalog file is a few kilobytes,
    /// and the limit bounds the parser's time and memory on hostile input.
    public static let maximumFileSize = 4 * 1024 * 1024

    /// Expressions, blocks and lists nest at most this deep (E120), so later stages may
    /// recurse over the tree without running out of stack.
    public static let maximumNestingDepth = 64

    /// Parses one file. Never throws and never traps: every problem becomes a diagnostic.
    public static func parse(_ file: SourceFile) -> ParseResult {
        guard file.bytes.count <= maximumFileSize else {
            let diagnostic = Diagnostic.error(
                .fileTooLarge, "file is larger than 4 MiB (\(file.bytes.count) bytes)", at: .point(file.id, 0),
                notes: [Note("split the catalog into several .tips files")])
            return ParseResult(tree: FileSyntax(file: file.id, declarations: [], comments: []),
                               diagnostics: [diagnostic])
        }
        let lexed = Lexer.tokenize(file)
        var state = ParserState(source: file, lexed: lexed)
        let declarations = state.parseFile()
        let tree = FileSyntax(file: file.id, declarations: declarations, comments: lexed.comments)
        return ParseResult(tree: tree, diagnostics: state.diagnostics.sortedForOutput(), brokenNames: state.brokenNames)
    }
}
