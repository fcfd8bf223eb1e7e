import TipsSource

/// The codes of the lexer (E100–E119) and the parser (E120–E199), documented under "Syntax
/// errors" in `Docs/diagnostics.md`.
extension DiagnosticCode {
    // MARK: Lexer

    /// Bytes that are not UTF-8.
    package static let invalidUTF8 = DiagnosticCode("E100")
    /// A file over the parser's size limit, not parsed at all (reported by the parser).
    package static let fileTooLarge = DiagnosticCode("E101")
    /// A character that starts no token, or a Swift spelling of one (`#Rule`, `$name`, `;`).
    package static let unexpectedCharacter = DiagnosticCode("E102")
    /// A string literal without its closing `"` on the line.
    package static let unterminatedString = DiagnosticCode("E103")
    /// `/*` without `*/`.
    package static let unterminatedComment = DiagnosticCode("E104")
    /// A backslash escape the language does not have.
    package static let invalidEscape = DiagnosticCode("E105")
    /// A `\u{...}` that names no Unicode scalar.
    package static let invalidUnicodeEscape = DiagnosticCode("E106")
    /// A `\(` not followed by an argument name and `)`.
    package static let invalidInterpolation = DiagnosticCode("E107")
    /// A number literal outside the 64-bit range (also reported by the parser for `-` literals).
    package static let numberOutOfRange = DiagnosticCode("E108")
    /// A misplaced `_` in a number, or a fractional duration.
    package static let malformedNumber = DiagnosticCode("E109")
    /// A duration unit that does not exist, or a number in a duration without one.
    package static let invalidDurationUnit = DiagnosticCode("E110")
    /// Duration units repeated or from smaller to larger.
    package static let durationUnitOrder = DiagnosticCode("E111")
    /// A duration whose milliseconds do not fit in 64 bits.
    package static let durationTooLong = DiagnosticCode("E112")

    // MARK: Parser

    /// Expressions, lists or blocks nested deeper than the parser allows.
    package static let nestingTooDeep = DiagnosticCode("E120")
    /// A top-level token that starts no declaration, or a `}` closing nothing.
    package static let expectedDeclaration = DiagnosticCode("E121")
    /// A required token missing, or another in its place.
    package static let expectedToken = DiagnosticCode("E122")
    /// An operator, item or clause without its expression.
    package static let expectedExpression = DiagnosticCode("E123")
    /// A word that starts none of the block's items.
    package static let unknownItem = DiagnosticCode("E124")
    /// Comparisons chained without `&&`.
    package static let chainedComparison = DiagnosticCode("E125")
    /// `by FIELD` where it is not allowed, or missing where it is needed.
    package static let misusedBy = DiagnosticCode("E126")
    /// An empty payload, argument list or enumeration.
    package static let emptyList = DiagnosticCode("E127")
    /// A clause given twice.
    package static let repeatedClause = DiagnosticCode("E128")

    /// Every code of the lexer and the parser, in order.
    package static let syntaxCodes: [DiagnosticCode] = [
        .invalidUTF8, .fileTooLarge, .unexpectedCharacter, .unterminatedString, .unterminatedComment,
        .invalidEscape, .invalidUnicodeEscape, .invalidInterpolation, .numberOutOfRange, .malformedNumber,
        .invalidDurationUnit, .durationUnitOrder, .durationTooLong,
        .nestingTooDeep, .expectedDeclaration, .expectedToken, .expectedExpression, .unknownItem,
        .chainedComparison, .misusedBy, .emptyList, .repeatedClause,
    ]
}
