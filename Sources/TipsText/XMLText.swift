/// Text written into XML (the XLIFF export, SVG timelines): the one place that escapes it.
public enum XMLText {
    /// Whether XML 1.0 can hold `scalar` at all (as itself or as a character reference):
    /// tab, LF, CR and U+0020 and above except U+FFFE and U+FFFF.
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Element content: `&`, `<`, `>` escaped, and CR as a reference so that a reader's
    /// line-end normalisation does not turn it into LF.
    public static func content(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// An attribute value in double quotes: also `"`, and tab, LF and CR as references,
    /// which attribute-value normalisation would otherwise turn into spaces.
    public static func attribute(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
