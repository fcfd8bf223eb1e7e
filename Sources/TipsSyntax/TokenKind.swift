/// What a token is. Reserved words get their own kinds; contextual words (`title`, `rule`,
/// `count`, ...) are identifiers, so the parser decides their meaning by position.
public enum TokenKind: UInt8, Sendable, Hashable {
    case identifier
    case integer
    case double
    case duration
    case string

    // Reserved words.
    case kwConfig, kwEnum, kwParam, kwTransient, kwEvent, kwTip, kwGroup, kwTesting
    case kwTrue, kwFalse, kwNil, kwNow

    // Punctuation.
    case leftBrace, rightBrace, leftParen, rightParen, leftBracket, rightBracket
    case comma, colon, dot, assign, question
    case less, greater, lessEqual, greaterEqual, equalEqual, bangEqual
    case ampAmp, pipePipe, bang, plus, minus, star, slash, percent, questionQuestion

    /// The end of the file; always the last token.
    case eof

    /// Whether this reserved word starts a top-level declaration.
    public var startsDeclaration: Bool {
        switch self {
        case .kwConfig, .kwEnum, .kwParam, .kwTransient, .kwEvent, .kwTip, .kwGroup, .kwTesting: true
        default: false
        }
    }

    /// The infix operator this token spells, if any.
    public var binaryOperator: BinaryOperator? {
        switch self {
        case .pipePipe: .or
        case .ampAmp: .and
        case .equalEqual: .equal
        case .bangEqual: .notEqual
        case .less: .less
        case .lessEqual: .lessEqual
        case .greater: .greater
        case .greaterEqual: .greaterEqual
        case .questionQuestion: .coalesce
        case .plus: .add
        case .minus: .subtract
        case .star: .multiply
        case .slash: .divide
        case .percent: .remainder
        default: nil
        }
    }

    /// The reserved words, by spelling; every other word lexes as an identifier.
    static let reservedWords: [(String, TokenKind)] = [
        ("config", .kwConfig), ("enum", .kwEnum), ("param", .kwParam),
        ("transient", .kwTransient), ("event", .kwEvent), ("tip", .kwTip),
        ("group", .kwGroup), ("testing", .kwTesting), ("true", .kwTrue),
        ("false", .kwFalse), ("nil", .kwNil), ("now", .kwNow),
    ]
}
