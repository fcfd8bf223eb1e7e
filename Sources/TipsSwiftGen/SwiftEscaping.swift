/// The only two ways catalog text (titles, messages, ids, keys, tables, file and image
/// names, default values) reaches generated Swift: inside a string literal, or inside a
/// comment. Nothing a `.tips` string or file name holds may end a literal or a comment
/// early, add a line a reader would take for code, or make a `-warnings-as-errors`
/// build fail.
///
/// The facts behind the rules, from the Swift lexer (lib/Parse/Lexer.cpp) and checked with
/// swiftc 6.3:
/// - a `//` comment ends at `\n` or `\r` (a lone CR too), nothing else; U+0085, U+2028,
///   U+2029, vertical tab and form feed do not end it, but editors and diff tools show
///   them as line breaks;
/// - a NUL anywhere, in a comment too, is the warning "nul character embedded in middle of
///   file" (an error under `-warnings-as-errors`);
/// - a single-line string literal may not hold a raw `\n` or `\r`, and any other ASCII
///   control character (DEL included) is the error "unprintable ASCII character";
/// - `\u{...}` may name any scalar except U+FDD0–U+FDEF ("invalid unicode scalar"), so
///   those noncharacters are written as themselves;
/// - a Swift `String` holds no unpaired surrogate, so there is none to handle.
///
/// Beyond what the compiler needs, bidirectional controls and other invisible format
/// characters are shown as escapes, so that no text makes the file read differently from
/// what it means (CVE-2021-42574, "Trojan Source").
enum SwiftEscaping {
    /// `text` as a Swift string literal, quotes included, that decodes to exactly `text`.
    static func stringLiteral(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isHidden(scalar): out += unicodeEscape(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `text` for one line of a comment: every line break and hidden character written as
    /// `\u{...}`, tabs kept; everything else (backslashes, quotes, `*/`) as it is, which a
    /// line comment cannot be ended by.
    static func commentText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar != "\t", isHidden(scalar) {
                out += unicodeEscape(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` as comment lines: split where it breaks lines as Swift reads it (`\n`, `\r`,
    /// `\r\n`), each line through ``commentText(_:)``.
    static func commentLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n", previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = scalar == "\r"
            if scalar == "\n" || scalar == "\r" {
                lines.append(commentText(String(current)))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(commentText(String(current)))
        return lines
    }

    /// Control characters (C0, DEL, C1 with U+0085), line and paragraph separators, and
    /// format characters (bidirectional controls, zero-width space, BOM, tags...) except
    /// the zero-width joiner and non-joiner, which join emoji and shape Persian and Indic
    /// text and cannot reorder or break anything.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        case .format: scalar != "\u{200C}" && scalar != "\u{200D}"
        default: false
        }
    }

    /// `\u{1F}`: lower-case hex, no padding (as the generator has always written controls).
    static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16))}"
    }
}
