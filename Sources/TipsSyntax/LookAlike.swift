/// Characters that look like ASCII punctuation or letters but are other Unicode scalars: a
/// word processor's curly quotes, a dash, a minus sign, a no-break space, a Cyrillic or Greek
/// letter in a name. The lexer names them in its message (`U+201C LEFT DOUBLE QUOTATION
/// MARK`, which looks like `"`) and offers the ASCII character as a fix-it.
enum LookAlike {
    /// The ASCII text `scalar` looks like, if it is a known look-alike.
    static func ascii(for scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x201C, 0x201D, 0x201E, 0x201F, 0x2033, 0x00AB, 0x00BB, 0xFF02: "\""
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x00B4, 0xFF07: "'"
        case 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xFE63, 0xFF0D: "-"
        case 0x00A0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: " "
        case 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF: ""
        case 0x00D7, 0x2217, 0xFF0A: "*"
        case 0x2215, 0x2044, 0xFF0F: "/"
        case 0x2264: "<="
        case 0x2265: ">="
        case 0x2260: "!="
        case 0xFF1D: "="
        case 0xFF1A, 0x2236: ":"
        case 0xFF08: "("
        case 0xFF09: ")"
        case 0xFF5B: "{"
        case 0xFF5D: "}"
        case 0xFF0C: ","
        case 0x2026: "..."
        // Cyrillic and Greek letters that look like Latin ones.
        case 0x0430: "a"
        case 0x0435: "e"
        case 0x043E, 0x03BF: "o"
        case 0x0440, 0x03C1: "p"
        case 0x0441: "c"
        case 0x0443: "y"
        case 0x0445, 0x03C7: "x"
        case 0x0456: "i"
        case 0x0410, 0x0391: "A"
        case 0x0412, 0x0392: "B"
        case 0x0415, 0x0395: "E"
        case 0x041A, 0x039A: "K"
        case 0x041C, 0x039C: "M"
        case 0x041D, 0x0397: "H"
        case 0x041E, 0x039F: "O"
        case 0x0420, 0x03A1: "P"
        case 0x0421: "C"
        case 0x0422, 0x03A4: "T"
        case 0x0425, 0x03A7: "X"
        default: nil
        }
    }

    /// `U+201C LEFT DOUBLE QUOTATION MARK`: the scalar's code point and Unicode name.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return scalar.properties.name.map { "\(code) \($0)" } ?? code
    }

    /// Whether `scalar` opens or closes a string in a word processor's quotes.
    static func isCurlyDoubleQuote(_ scalar: Unicode.Scalar) -> Bool {
        [0x201C, 0x201D, 0x201E, 0x201F, 0x2033, 0xFF02].contains(scalar.value)
    }
}
