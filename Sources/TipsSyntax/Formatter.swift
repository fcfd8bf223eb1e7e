import TipsSource

/// Prints a syntax tree in the one canonical layout, keeping comments.
public enum Formatter {
    /// The canonical text of `tree`, parsed from `source`.
    public static func format(_ tree: FileSyntax, source: SourceFile) -> String {
        // Interface placeholder: the formatter replaces this body.
        source.text
    }
}
