import TipsSource

/// Thrown to abandon the item or declaration being parsed after its error was reported;
/// the enclosing block loop then skips to a synchronization point.
struct ParseAbort: Error {}

/// The recursive-descent parser's cursor, diagnostics and shared helpers.
///
/// Recovery works at two levels: a block loop (top level, tip, action, config, testing)
/// catches ``ParseAbort`` and skips to the next word that starts an item of that block, a
/// `}` or a top-level keyword; a missing expression becomes `.missing` without aborting.
/// At most one parser error is reported per line, so one mistake never shows as several.
struct ParserState {
    let source: SourceFile
    var tokens: [Token]
    let strings: [StringLiteralSyntax]
    var index = 0
    var diagnostics: [Diagnostic]
    /// Lines (0-based) that already have an error.
    var errorLines: Set<Int> = []
    /// Current nesting of expressions, lists and blocks.
    var depth = 0
    /// The innermost block being parsed, so an expression cut short can tell the next item's
    /// word from a name.
    var block: ParserBlock?
    /// Names of declarations abandoned after an error (see ``ParseResult/brokenNames``).
    var brokenNames: [String] = []
    /// Lazily computed by `closesAhead(enclosing:)`.
    var unmatchedCloses: [Int32]?

    init(source: SourceFile, lexed: LexerResult) {
        self.source = source
        tokens = lexed.tokens
        strings = lexed.strings
        diagnostics = lexed.diagnostics
        brokenNames = lexed.brokenNames
        for d in lexed.diagnostics { errorLines.insert(source.lineIndex(of: d.range.start)) }
    }

    var file: FileID { source.id }

    // MARK: Cursor

    var current: Token { tokens[index] }

    /// The token `n` ahead of the current one (the end-of-file token past the end).
    func peek(_ n: Int = 1) -> Token { tokens[min(index + n, tokens.count - 1)] }

    /// The last consumed token, if any.
    var previous: Token? { index > 0 ? tokens[index - 1] : nil }

    /// Where the last consumed token ends: the end of the construct being built.
    var lastEnd: Int32 { previous?.range.end ?? 0 }

    /// Consumes and returns the current token; at the end of the file it stays there.
    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    /// The source text of `token`; copied only here.
    func text(_ token: Token) -> String { source.text(in: token.range) }

    /// Whether `token` is the identifier `word` (contextual keywords are compared this way).
    func isWord(_ token: Token, _ word: String) -> Bool {
        guard token.kind == .identifier, Int(token.range.length) == word.utf8.count else { return false }
        return word.utf8.elementsEqual(source.bytes[Int(token.range.start)..<Int(token.range.end)])
    }

    func identifier(_ token: Token) -> Identifier { Identifier(text(token), range: token.range) }

    /// A range from `start` to the end of the last consumed token.
    func range(from start: Int32) -> SourceRange {
        SourceRange(file: file, start: start, end: max(start, lastEnd))
    }

    /// Describes a token for "found ..." in messages.
    func describe(_ token: Token) -> String {
        switch token.kind {
        case .eof: return "end of file"
        case .string: return "a string"
        default: return "'\(Lexer.printable(text(token), limit: 20))'"
        }
    }

    // MARK: Diagnostics

    /// Reports an error unless its line already has one (the first error of a line is the
    /// one worth reading; later ones are usually its consequences).
    mutating func error(_ code: DiagnosticCode, _ message: String, at range: SourceRange,
                        notes: [Note] = [], fixIts: [FixIt] = []) {
        let line = source.lineIndex(of: range.start)
        guard errorLines.insert(line).inserted else { return }
        diagnostics.append(.error(code, message, at: range, notes: notes, fixIts: fixIts))
    }

    /// Whether an error at `range` would be dropped because its line already has one; lets
    /// reporters skip building messages (and suggestions) nobody will read.
    func lineHasError(_ range: SourceRange) -> Bool {
        errorLines.contains(source.lineIndex(of: range.start))
    }

    /// Where to point when something is missing: the current token if it is on the line of
    /// the previous one, else just after the previous token, so the error shows on the line
    /// that is incomplete rather than on the next, correct one.
    var missingRange: SourceRange {
        if let previous, current.isAtLineStart || current.kind == .eof {
            return .point(file, previous.range.end)
        }
        return current.range
    }

    /// Consumes a token of `kind`, or reports "expected ..., found ..." (E122) and aborts.
    @discardableResult
    mutating func expect(_ kind: TokenKind, _ what: String, notes: [Note] = []) throws(ParseAbort) -> Token {
        if current.kind == kind { return advance() }
        throw fail(what, notes: notes)
    }

    /// Consumes an identifier, or reports and aborts.
    mutating func expectIdentifier(_ what: String, notes: [Note] = []) throws(ParseAbort) -> Identifier {
        if current.kind == .identifier { return identifier(advance()) }
        throw fail(what, notes: notes)
    }

    /// Consumes a string literal, or reports and aborts.
    mutating func expectString(_ what: String) throws(ParseAbort) -> StringLiteralSyntax {
        if current.kind == .string { return stringLiteral(advance()) }
        throw fail(what)
    }

    /// Reports "expected X, found Y" and returns the abort to throw.
    mutating func fail(_ what: String, notes: [Note] = [], fixIts: [FixIt] = []) -> ParseAbort {
        let range = missingRange
        if let number = previous, number.kind == .integer, current.kind == .identifier,
           let unit = TipKitSpelling.unitLetter(forWord: text(current)), !lineHasError(range) {
            // `within 7 days`: the word is the mistake, not what was expected after the number.
            let written = number.range.union(current.range)
            let spelled = "\(text(number))\(unit)"
            error(.expectedToken, "a duration is written '\(spelled)', not '\(source.text(in: written))'", at: written,
                  fixIts: [.replace(written, with: spelled, message: "replace with '\(spelled)'")])
            return ParseAbort()
        }
        if let number = previous, number.kind == .identifier, let n = TipKitSpelling.number(forWord: text(number)),
           current.kind == .identifier, let unit = TipKitSpelling.unitLetter(forWord: text(current)), !lineHasError(range) {
            // `within three days`: number and unit in words, both the mistake.
            let written = number.range.union(current.range)
            let spelled = "\(n)\(unit)"
            error(.expectedToken, "a duration is written '\(spelled)', not '\(source.text(in: written))'", at: written,
                  fixIts: [.replace(written, with: spelled, message: "replace with '\(spelled)'")])
            return ParseAbort()
        }
        if !lineHasError(range) {
            var notes = notes
            var fixIts = fixIts
            if let (note, fixIt) = spacedDurationHint(current) {
                notes.insert(note, at: 0)
                fixIts.append(fixIt)
            }
            error(.expectedToken, "\(what), found \(describe(current))", at: range, notes: notes, fixIts: fixIts)
        }
        return ParseAbort()
    }

    /// `within 7 d`: when `token` is a duration unit right after an integer, a note and a fix-it
    /// that join them.
    func spacedDurationHint(_ token: Token) -> (Note, FixIt)? {
        guard let number = previous, number.kind == .integer, token.kind == .identifier else { return nil }
        let word = text(token)
        if Lexer.durationUnits.contains(where: { $0.name == word }) {
            let gap = SourceRange(file: file, start: number.range.end, end: token.range.start)
            return (Note("write a duration without spaces, as in '\(text(number))\(word)'"),
                    .replace(gap, with: "", message: "remove the space"))
        }
        if let unit = TipKitSpelling.unitLetter(forWord: word) {
            // `7 days`: a duration in words.
            let spelled = "\(text(number))\(unit)"
            return (Note("a duration is written with a unit letter: '\(spelled)'"),
                    .replace(number.range.union(token.range), with: spelled, message: "replace with '\(spelled)'"))
        }
        return nil
    }

    func stringLiteral(_ token: Token) -> StringLiteralSyntax {
        let index = Int(token.payload)
        return index < strings.count ? strings[index] : StringLiteralSyntax(segments: [], range: token.range)
    }

    // MARK: Nesting

    /// Enters one level of nesting, or reports E120 and aborts past the limit.
    mutating func enter() throws(ParseAbort) {
        depth += 1
        if depth > Parser.maximumNestingDepth {
            depth -= 1
            reportTooDeep(at: current.range)
            throw ParseAbort()
        }
    }

    mutating func reportTooDeep(at range: SourceRange) {
        error(.nestingTooDeep, "nesting is too deep (more than \(Parser.maximumNestingDepth) levels)", at: range,
              notes: [Note("split the expression, for example into several 'rule' items")])
    }
}
