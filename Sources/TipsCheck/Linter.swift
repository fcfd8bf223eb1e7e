import TipsSource
import TipsSyntax

/// The lints: warnings about definitions that are legal but likely wrong.
public enum Linter {
    /// Every lint warning for the parsed files of one catalog.
    public static func lint(_ files: [FileSyntax], sources: SourceSet) -> [Diagnostic] {
        // Interface placeholder: the lint passes replace this body.
        []
    }
}
