/// The one writer of a string literal's text, the inverse of the lexer's escapes: used by
/// the formatter (a hand-built literal without source) and by the tools that write
/// scenarios (`ScenarioText`, whose strings share the language's escapes).
public enum StringLiteralText {
    /// `text` as it goes between the quotes: `\"`, `\\`, `\n`, `\t`, `\r`, `\0`, and other
    /// control characters (C0, DEL, C1) as `\u{…}`, so it reads back equal and no control
    /// character reaches the file (a C1 one can move a terminal's cursor, or end a line in
    /// an editor).
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` as a double-quoted literal.
    public static func quoted(_ text: String) -> String { "\"" + escaped(text) + "\"" }
}
