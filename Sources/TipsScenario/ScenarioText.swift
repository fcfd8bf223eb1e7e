/// Text written into scenario files by tools (the playground's saved sessions): the one
/// writer of a scenario string literal, the inverse of the lexer's escapes.
public enum ScenarioText {
    /// `text` as a double-quoted scenario string: `\"`, `\\`, `\n`, `\t`, `\r`, `\0`, and
    /// other control characters (C0, DEL, C1) as `\u{…}`, so every string reads back equal.
    public static func quoted(_ text: String) -> String {
        var out = "\""
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
        return out + "\""
    }
}
