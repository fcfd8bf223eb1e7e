import TipsSource

/// Prints a syntax tree in the one canonical layout, keeping comments.
///
/// There are no options (like gofmt): one tree has one text. The layout rules are listed in
/// `Docs/fmt.md`. Comments are not in the tree; they are re-attached by position.
public enum Formatter {
    /// The canonical text of `tree`, parsed from `source`.
    ///
    /// `tree` must be the result of parsing `source` without errors. Literals (numbers,
    /// durations, strings) are copied from `source` so they stay exactly as written, and
    /// comments are placed by comparing their ranges with the tree's ranges. A tree from a
    /// file with parse errors lacks whatever could not be parsed, so formatting it would drop
    /// source text: callers (`tipc fmt`) must skip such files instead of formatting them.
    /// The result ends with a newline (it is empty only for a file with no declarations
    /// and no comments) and has no trailing whitespace outside block comments.
    public static func format(_ tree: FileSyntax, source: SourceFile) -> String {
        var writer = FormatWriter(source: source, comments: tree.comments)
        writer.file(tree)
        return writer.output
    }
}
