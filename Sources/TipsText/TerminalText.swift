/// Text made safe to print on a terminal: the one escaper of the package, for names from
/// journals and catalogs (`tipc journal`, `tipc status`, explanations) and for source text
/// in fix-its and `tipc diff`.
///
/// A journal is data anyone with file access can write, and a catalog is text anyone can
/// send: an id holding an escape sequence could clear the screen or recolour output, and a
/// newline could forge a row of a table or a line of a fix-it. Every control character goes:
/// C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F, where U+009B is a one-byte CSI
/// on terminals that honour 8-bit controls) print as `\n`, `\t`, `\r` or `\u{1B}`.
/// Everything else, non-ASCII included, is kept.
public enum TerminalText {
    /// What happens to a backslash already in the text.
    public enum Backslashes: Sendable {
        /// Doubled, so `\n` in the output always means an escaped newline (journal names).
        case doubled
        /// Kept, so source text reads as written (`"\(name)"` in a fix-it).
        case kept
    }

    /// `text` with every control character escaped as described above.
    public static func escaped(_ text: String, backslashes: Backslashes = .doubled) -> String {
        let doubling = backslashes == .doubled
        guard text.unicodeScalars.contains(where: { isControl($0) || (doubling && $0 == "\\") }) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\\" where doubling: out += "\\\\"
            case _ where isControl(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `scalar` is a C0 control, DEL or a C1 control.
    @inline(__always)
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
