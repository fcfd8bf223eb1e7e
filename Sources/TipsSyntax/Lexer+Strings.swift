import TipsSource

extension Lexer {
    /// A string literal on one line, decoded into text and `\(name)` segments.
    mutating func lexString(quote: UInt8 = UInt8(ascii: "\"")) {
        let start = position
        var i = position + 1
        var segments: [StringLiteralSyntax.Segment] = []
        var text: [UInt8] = []
        var malformed = false

        func flush() {
            if !text.isEmpty {
                segments.append(.text(String(decoding: text, as: UTF8.self)))
                text.removeAll(keepingCapacity: true)
            }
        }

        scan: while true {
            guard i < bytes.count, bytes[i] != UInt8(ascii: "\n") else {
                if let close = keyEnd(ofUnterminatedLocalizedAt: start, lineEnd: i) {
                    // `localized("sync.title)`: the key ends at the `)` (or `,`): the caret
                    // goes where the quote is missing, and the string ends there.
                    report(.unterminatedString, "unterminated string literal: the key of 'localized(...)' needs its closing '\"'",
                           close, close, notes: [Note("add '\"' before '\(Character(Unicode.Scalar(bytes[close])))'")],
                           fixIts: [.replace(range(close, close), with: "\"", message: "insert '\"'")])
                    segments = []
                    text = Array(bytes[(start + 1)..<close])
                    i = close
                    malformed = false
                    break scan
                }
                var end = i
                if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                var notes = [Note("a string must end with '\"' on the line where it starts")]
                if end == start + 1, start > 0, bytes[start - 1] != UInt8(ascii: " "), bytes[start - 1] != UInt8(ascii: "\t") {
                    // `title Save"`: the quote ends a string whose opening quote is missing.
                    notes = [Note("if this '\"' ends a string, add the opening '\"' where the string starts")]
                }
                report(.unterminatedString, "unterminated string literal", start, end, notes: notes)
                malformed = true
                break scan
            }
            let b = bytes[i]
            switch b {
            case quote:
                i += 1
                break scan
            case UInt8(ascii: "\\"):
                let (next, piece) = lexEscape(at: i, malformed: &malformed)
                switch piece {
                case .text(let decoded): text.append(contentsOf: decoded)
                case .interpolation(let name):
                    flush()
                    segments.append(.interpolation(name))
                case .nothing: break
                }
                i = next
            case 0..<0x80:
                text.append(b)
                i += 1
            default:
                if let (_, length) = Lexer.decodeScalar(bytes, at: i) {
                    text.append(contentsOf: bytes[i..<i + length])
                    i += length
                } else {
                    let badStart = i
                    while i < bytes.count, bytes[i] >= 0x80, Lexer.decodeScalar(bytes, at: i) == nil { i += 1 }
                    reportInvalidUTF8(badStart, i)
                    text.append(contentsOf: [0xEF, 0xBF, 0xBD])  // U+FFFD, as String(decoding:) would
                    malformed = true
                }
            }
        }
        flush()
        let literal = StringLiteralSyntax(segments: segments, range: range(start, i))
        strings.append(literal)
        emit(.string, from: start, to: i, payload: UInt64(strings.count - 1), malformed: malformed)
    }

    /// Where the key of `localized("key)` ends when its closing quote is missing: the first
    /// `)` or `,` after the opening quote at `start` (on its line, before `lineEnd`), when the
    /// string follows `localized(`; nil otherwise.
    func keyEnd(ofUnterminatedLocalizedAt start: Int, lineEnd: Int) -> Int? {
        var j = start - 1
        while j >= 0, bytes[j] == UInt8(ascii: " ") { j -= 1 }
        guard j >= 0, bytes[j] == UInt8(ascii: "(") else { return nil }
        j -= 1
        while j >= 0, bytes[j] == UInt8(ascii: " ") { j -= 1 }
        let word = Array("localized".utf8)
        guard j + 1 >= word.count, Array(bytes[(j + 1 - word.count)...j]) == word else { return nil }
        var k = start + 1
        while k < lineEnd {
            if bytes[k] == UInt8(ascii: ")") || bytes[k] == UInt8(ascii: ",") { return k }
            if bytes[k] == UInt8(ascii: "\\") { return nil }
            k += 1
        }
        return nil
    }

    /// What an escape sequence decodes to.
    enum EscapePiece {
        case text([UInt8])
        case interpolation(Identifier)
        case nothing
    }

    /// Decodes the escape at `i` (a backslash); returns the index after it and its meaning.
    mutating func lexEscape(at i: Int, malformed: inout Bool) -> (Int, EscapePiece) {
        guard let c = byte(at: i + 1), c != UInt8(ascii: "\n"), c != UInt8(ascii: "\r") else {
            // The literal is unterminated; the caller reports that.
            return (i + 1, .nothing)
        }
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): return (i + 2, .text([c]))
        case UInt8(ascii: "n"): return (i + 2, .text([UInt8(ascii: "\n")]))
        case UInt8(ascii: "t"): return (i + 2, .text([UInt8(ascii: "\t")]))
        case UInt8(ascii: "r"): return (i + 2, .text([UInt8(ascii: "\r")]))
        case UInt8(ascii: "0"): return (i + 2, .text([0]))
        case UInt8(ascii: "u"): return lexUnicodeEscape(at: i, malformed: &malformed)
        case UInt8(ascii: "("): return lexInterpolation(at: i, malformed: &malformed)
        default:
            let length = Lexer.decodeScalar(bytes, at: i + 1)?.1 ?? 1
            let shown = String(decoding: bytes[i..<i + 1 + length], as: UTF8.self)
            report(.invalidEscape, "invalid escape sequence '\(Lexer.printable(shown))' in string literal", i, i + 1 + length,
                   notes: [Note("valid escapes are \\\" \\\\ \\n \\t \\r \\0 \\u{...} and \\(name)")])
            malformed = true
            return (i + 1 + length, .nothing)
        }
    }

    /// `\u{1F600}`: 1 to 8 hex digits naming a Unicode scalar.
    mutating func lexUnicodeEscape(at i: Int, malformed: inout Bool) -> (Int, EscapePiece) {
        guard byte(at: i + 2) == UInt8(ascii: "{") else {
            malformed = true
            report(.invalidUnicodeEscape, "expected '{' after '\\u' in Unicode escape", i, i + 2,
                   notes: [Note("write a Unicode scalar as \\u{1F600}")])
            return (i + 2, .nothing)
        }
        var j = i + 3
        var value: UInt32 = 0
        var digits = 0
        while let b = byte(at: j), let digit = Lexer.hexValue(b) {
            if digits < 8 { value = value << 4 | digit }
            digits += 1
            j += 1
        }
        guard byte(at: j) == UInt8(ascii: "}") else {
            malformed = true
            report(.invalidUnicodeEscape, "expected '}' to end Unicode escape", i, j,
                   notes: [Note("write a Unicode scalar as \\u{1F600}")])
            return (j, .nothing)
        }
        j += 1
        let shown = String(decoding: bytes[i..<j], as: UTF8.self)
        guard digits >= 1, digits <= 8 else {
            malformed = true
            report(.invalidUnicodeEscape, "invalid Unicode escape '\(Lexer.printable(shown))'; it needs 1 to 8 hex digits", i, j)
            return (j, .nothing)
        }
        guard let scalar = Unicode.Scalar(value) else {
            malformed = true
            report(.invalidUnicodeEscape, "'\(Lexer.printable(shown))' is not a Unicode scalar value", i, j,
                   notes: [Note("scalars are U+0000 to U+10FFFF, without the surrogates U+D800 to U+DFFF")])
            return (j, .nothing)
        }
        return (j, .text(Array(String(scalar).utf8)))
    }

    /// `\(name)`: an interpolated tip argument.
    mutating func lexInterpolation(at i: Int, malformed: inout Bool) -> (Int, EscapePiece) {
        let nameStart = i + 2
        var j = nameStart
        if let b = byte(at: j), Lexer.isWordByte(b), !Lexer.isDigit(b) {
            while let b = byte(at: j), Lexer.isWordByte(b) { j += 1 }
        }
        if j > nameStart, byte(at: j) == UInt8(ascii: ")") {
            let name = String(decoding: bytes[nameStart..<j], as: UTF8.self)
            return (j + 1, .interpolation(Identifier(name, range: range(nameStart, j))))
        }
        malformed = true
        let message = j == nameStart
            ? "expected a tip argument name after '\\(' in string interpolation"
            : "expected ')' after '\(String(decoding: bytes[nameStart..<j], as: UTF8.self))' in string interpolation"
        // Skip to the closing parenthesis if there is one before the string ends, so one
        // mistake gives one error.
        var k = j
        while let b = byte(at: k), b != UInt8(ascii: ")"), b != UInt8(ascii: "\""), b != UInt8(ascii: "\n") { k += 1 }
        let end = byte(at: k) == UInt8(ascii: ")") ? k + 1 : k
        report(.invalidInterpolation, message, i, end,
                   notes: [Note("only a tip argument name may be interpolated, as in \\(itemID)")])
        return (end, .nothing)
    }

    static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
