import TipsSyntax

/// Text written into scenario files by tools (the playground's saved sessions): the one
/// writer of a scenario string literal, the inverse of the lexer's escapes.
public enum ScenarioText {
    /// `text` as a double-quoted scenario string: scenario strings share the language's
    /// escapes, so this is `StringLiteralText.quoted`; every string reads back equal.
    public static func quoted(_ text: String) -> String { StringLiteralText.quoted(text) }
}
