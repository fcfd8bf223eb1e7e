/// Names from journals (and catalogs) made safe to print on a terminal.
///
/// A journal is data anyone with file access can write: an id holding an escape sequence
/// could clear the screen or recolour output, and a newline could forge a row of a table.
/// Every text output that prints such a name passes it (or the whole line) through here.
public enum PrintableText {
    /// `text` with control characters (C0, DEL, C1) written as `\n`, `\t`, `\r` or
    /// `\u{1B}`, and backslashes doubled so an escape can't be forged. Everything else,
    /// non-ASCII included, is kept.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else { out.unicodeScalars.append(scalar); continue }
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\\": out += "\\\\"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    @inline(__always)
    static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (0x7F...0x9F).contains(s.value) || s == "\\"
    }
}
