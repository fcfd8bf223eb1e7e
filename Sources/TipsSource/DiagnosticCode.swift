/// A stable diagnostic code: a family letter and three digits, `E201`, documented in
/// `Docs/diagnostics.md` (`D` codes in `Docs/diff.md`).
///
/// Each pass declares the codes it emits as static members in an extension beside it
/// (`DiagnosticCode+Checker.swift` in TipsCheck holds `unknownEvent`, `E201`), and lists them
/// in its registry (`checkerCodes`), so a call site says `.error(.unknownEvent, ...)` and the
/// code's text is written once. Tests check every registry against the docs' headings and
/// against what the passes emit.
public struct DiagnosticCode: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// What the letter of a code says: who reports it.
    public enum Family: Character, Sendable, CaseIterable {
        /// `E`: an error of the compiler (syntax, checking, Swift generation, lowering).
        case error = "E"
        /// `W`: a warning of the checker or a lint.
        case warning = "W"
        /// `S`: a diagnostic of a scenario test (`tipc test`).
        case scenario = "S"
        /// `D`: a change between two catalogs (`tipc diff`).
        case change = "D"
    }

    /// The code as printed: `E201`.
    public let text: String

    /// A code written as a literal in a pass's declarations; stops on a malformed one, which
    /// the registry tests reach first.
    public init(_ literal: StaticString) {
        let text = literal.description
        guard let code = DiagnosticCode(parsing: text) else { preconditionFailure("malformed diagnostic code '\(text)'") }
        self = code
    }

    /// The code `text` spells (a family letter and three digits), or nil.
    public init?(parsing text: some StringProtocol) {
        // Bytes, not characters: the checker parses the code of every diagnostic it filters.
        let utf8 = text.utf8
        guard utf8.count == 4, let letter = utf8.first,
              Family.allCases.contains(where: { $0.rawValue.asciiValue == letter }),
              utf8.dropFirst().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        self.text = String(text)
    }

    /// The family, from the letter.
    public var family: Family {
        // `init(parsing:)` admits only the families' letters.
        Family(rawValue: text.first ?? "E") ?? .error
    }

    /// The three digits as a number: 201 for `E201`.
    public var number: Int { Int(text.dropFirst()) ?? 0 }

    public var description: String { text }

    public static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.text < b.text }
}
