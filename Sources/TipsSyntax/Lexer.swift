import TipsSource

/// Splits a `.tips` file into tokens. Tokens refer to the source by range; only string
/// literals (which need their escapes decoded) and comments are copied out.
///
/// The lexer never stops at an error: it reports it with the exact range and goes on, so
/// one run shows every lexical problem of a file.
public struct Lexer {
    let bytes: [UInt8]
    let file: FileID
    var position = 0
    var atLineStart = true
    var tokens: [Token] = []
    var strings: [StringLiteralSyntax] = []
    var comments: [Comment] = []
    var diagnostics: [Diagnostic] = []
    /// Names declared by lines skipped whole (`@Parameter var isPro = false`).
    var brokenNames: [String] = []

    init(_ source: SourceFile) {
        bytes = source.bytes
        file = source.id
    }

    /// Lexes a whole file.
    public static func tokenize(_ source: SourceFile) -> LexerResult {
        var lexer = Lexer(source)
        lexer.run()
        return LexerResult(tokens: lexer.tokens, strings: lexer.strings, comments: lexer.comments,
                         diagnostics: lexer.diagnostics, brokenNames: lexer.brokenNames)
    }

    mutating func run() {
        // A UTF-8 byte order mark is harmless; editors on some systems write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        while position < bytes.count {
            let start = position
            lexOne()
            // Every branch consumes input; this guards the loop against a future mistake.
            if position == start { position += 1 }
        }
        tokens.append(Token(kind: .eof, range: range(bytes.count, bytes.count), isAtLineStart: atLineStart))
    }

    /// Lexes one token, comment, run of whitespace or bad input.
    mutating func lexOne() {
        let b = bytes[position]
        switch b {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
            position += 1
        case UInt8(ascii: "\n"):
            position += 1
            atLineStart = true
        case UInt8(ascii: "/"):
            switch byte(at: position + 1) {
            case UInt8(ascii: "/"): lexLineComment()
            case UInt8(ascii: "*"): lexBlockComment()
            default: punctuation(.slash, 1)
            }
        case UInt8(ascii: "\""):
            lexString()
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            lexNumber()
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            lexWord()
        default:
            if let (kind, length) = punctuationKind(at: position) {
                punctuation(kind, length)
            } else {
                lexStray()
            }
        }
    }

    /// Recognizes the punctuation at `i`, longest match first.
    func punctuationKind(at i: Int) -> (TokenKind, Int)? {
        let next = byte(at: i + 1)
        switch bytes[i] {
        case UInt8(ascii: "{"): return (.leftBrace, 1)
        case UInt8(ascii: "}"): return (.rightBrace, 1)
        case UInt8(ascii: "("): return (.leftParen, 1)
        case UInt8(ascii: ")"): return (.rightParen, 1)
        case UInt8(ascii: "["): return (.leftBracket, 1)
        case UInt8(ascii: "]"): return (.rightBracket, 1)
        case UInt8(ascii: ","): return (.comma, 1)
        case UInt8(ascii: ":"): return (.colon, 1)
        case UInt8(ascii: "."): return (.dot, 1)
        case UInt8(ascii: "+"): return (.plus, 1)
        case UInt8(ascii: "-"): return (.minus, 1)
        case UInt8(ascii: "*"): return (.star, 1)
        case UInt8(ascii: "%"): return (.percent, 1)
        case UInt8(ascii: "="): return next == UInt8(ascii: "=") ? (.equalEqual, 2) : (.assign, 1)
        case UInt8(ascii: "!"): return next == UInt8(ascii: "=") ? (.bangEqual, 2) : (.bang, 1)
        case UInt8(ascii: "<"): return next == UInt8(ascii: "=") ? (.lessEqual, 2) : (.less, 1)
        case UInt8(ascii: ">"): return next == UInt8(ascii: "=") ? (.greaterEqual, 2) : (.greater, 1)
        case UInt8(ascii: "?"): return next == UInt8(ascii: "?") ? (.questionQuestion, 2) : (.question, 1)
        case UInt8(ascii: "&"): return next == UInt8(ascii: "&") ? (.ampAmp, 2) : nil
        case UInt8(ascii: "|"): return next == UInt8(ascii: "|") ? (.pipePipe, 2) : nil
        default: return nil
        }
    }

    mutating func punctuation(_ kind: TokenKind, _ length: Int) {
        emit(kind, from: position, to: position + length)
    }

    /// An identifier or a reserved word.
    mutating func lexWord() {
        let start = position
        while position < bytes.count, Lexer.isWordByte(bytes[position]) { position += 1 }
        emit(reservedKind(start, position) ?? .identifier, from: start, to: position)
    }

    func reservedKind(_ start: Int, _ end: Int) -> TokenKind? {
        let length = end - start
        guard length >= 3, length <= 9 else { return nil }
        for (word, kind) in TokenKind.reservedWords where word.utf8.count == length {
            if word.utf8.elementsEqual(bytes[start..<end]) { return kind }
        }
        return nil
    }

    /// `// ...` up to, not including, the line break.
    mutating func lexLineComment() {
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
        // With CRLF line ends the '\r' belongs to the line break, not to the comment.
        var end = position
        if end > start + 2, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        validateUTF8(start, end)
        comments.append(Comment(kind: .line, text: String(decoding: bytes[start..<end], as: UTF8.self),
                                range: range(start, end)))
    }

    /// `/* ... */`, not nested.
    mutating func lexBlockComment() {
        let start = position
        position += 2
        var closed = false
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "*"), byte(at: position + 1) == UInt8(ascii: "/") {
                position += 2
                closed = true
                break
            }
            if bytes[position] == UInt8(ascii: "\n") { atLineStart = true }
            position += 1
        }
        if !closed {
            report(.unterminatedComment, "unterminated block comment", start, start + 2,
                   notes: [Note("block comments end with '*/' and do not nest")])
        }
        validateUTF8(start, position)
        comments.append(Comment(kind: .block, text: String(decoding: bytes[start..<position], as: UTF8.self),
                                range: range(start, position)))
    }

    /// Characters that start no token: reported as one run, so `§§§` is one error.
    mutating func lexStray() {
        if lexSwiftHabit() { return }
        let start = position
        let first = bytes[position]
        if first == UInt8(ascii: "&") || first == UInt8(ascii: "|") {
            // A lone `&` or `|` is almost surely a typo for the logical operator; recover as if
            // it were written, so the expression around it parses.
            let spelled = first == UInt8(ascii: "&") ? "&&" : "||"
            position += 1
            report(.unexpectedCharacter, "unexpected character '\(Character(Unicode.Scalar(first)))'; did you mean '\(spelled)'?",
                   start, position,
                   fixIts: [.replace(range(start, position), with: spelled, message: "replace with '\(spelled)'")])
            emit(first == UInt8(ascii: "&") ? .ampAmp : .pipePipe, from: start, to: position)
            return
        }
        if Lexer.decodeScalar(bytes, at: position) == nil {
            while position < bytes.count, bytes[position] >= 0x80, Lexer.decodeScalar(bytes, at: position) == nil {
                position += 1
            }
            reportInvalidUTF8(start, position)
            return
        }
        if let (scalar, length) = Lexer.decodeScalar(bytes, at: position), let ascii = LookAlike.ascii(for: scalar) {
            lexLookAlike(scalar, length: length, ascii: ascii)
            return
        }
        var sawLetter = false
        while position < bytes.count, let (scalar, length) = Lexer.decodeScalar(bytes, at: position),
              isStray(scalar) {
            if scalar.properties.isAlphabetic { sawLetter = true }
            position += length
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        let quoted = text.unicodeScalars.count == 1 ? "character" : "characters"
        let notes = sawLetter ? [Note("names may use only ASCII letters, digits and '_'")] : []
        report(.unexpectedCharacter, "unexpected \(quoted) '\(Lexer.printable(text))'", start, position, notes: notes)
    }

    /// A look-alike of an ASCII character (`“`, `–`, a no-break space, a Cyrillic `а`): named
    /// in the message with a fix-it to the ASCII one. Curly double quotes with their closing
    /// one on the line become one string (one error, a fix-it for both quotes), so the rest
    /// of the line reads as meant.
    mutating func lexLookAlike(_ scalar: Unicode.Scalar, length: Int, ascii: String) {
        let start = position
        let shown = ascii == " " ? "a space" : ascii.isEmpty ? "nothing (it is invisible)" : "'\(ascii)'"
        let message = "unexpected character \(LookAlike.describe(scalar)), which looks like \(shown)"
        if LookAlike.isCurlyDoubleQuote(scalar) {
            var i = start + length
            while i < bytes.count, bytes[i] != UInt8(ascii: "\n"), bytes[i] != UInt8(ascii: "\"") {
                guard let (s, n) = Lexer.decodeScalar(bytes, at: i) else { break }
                if LookAlike.isCurlyDoubleQuote(s) {
                    let inner = String(decoding: bytes[(start + length)..<i], as: UTF8.self)
                    report(.unexpectedCharacter, message, start, start + length,
                           notes: [Note("strings are written in straight double quotes")],
                           fixIts: [.replace(range(start, i + n), with: "\"" + inner + "\"", message: "use straight quotes")])
                    let literal = StringLiteralSyntax(segments: inner.isEmpty ? [] : [.text(inner)], range: range(start, i + n))
                    strings.append(literal)
                    emit(.string, from: start, to: i + n, payload: UInt64(strings.count - 1))
                    return
                }
                i += n
            }
        }
        position += length
        report(.unexpectedCharacter, message, start, position,
               fixIts: [.replace(range(start, position), with: ascii, message: ascii.isEmpty ? "remove it" : ascii == " " ? "replace with a space" : "replace with '\(ascii)'")])
    }

    /// Whether `scalar`, at the current position, starts no token.
    func isStray(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return true }
        let b = UInt8(scalar.value)
        if b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\r") || b == UInt8(ascii: "\n") {
            return false
        }
        if Lexer.isWordByte(b) || b == UInt8(ascii: "\"") || b == UInt8(ascii: "/") { return false }
        if b == UInt8(ascii: "&") || b == UInt8(ascii: "|") { return false }
        return punctuationKind(at: position) == nil
    }

    // MARK: Helpers

    static func isWordByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_")
    }

    func byte(at i: Int) -> UInt8? { i < bytes.count ? bytes[i] : nil }

    func range(_ start: Int, _ end: Int) -> SourceRange {
        SourceRange(file: file, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end))
    }

    mutating func emit(_ kind: TokenKind, from start: Int, to end: Int, payload: UInt64 = 0,
                       malformed: Bool = false, minimumMagnitude: Bool = false) {
        position = end
        tokens.append(Token(kind: kind, range: range(start, end), payload: payload, isAtLineStart: atLineStart,
                            isMalformed: malformed, isMinimumMagnitude: minimumMagnitude))
        atLineStart = false
    }

    mutating func report(_ code: DiagnosticCode, _ message: String, _ start: Int, _ end: Int,
                         notes: [Note] = [], fixIts: [FixIt] = []) {
        diagnostics.append(.error(code, message, at: range(start, end), notes: notes, fixIts: fixIts))
    }

    /// Text for a message: control characters escaped, long text shortened.
    static func printable(_ text: String, limit: Int = 24) -> String {
        var out = ""
        for (i, scalar) in text.unicodeScalars.enumerated() {
            if i == limit { out += "..."; break }
            out += scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return out
    }
}
