import TipsSource

/// A string literal, escapes decoded, split into text and `\(name)` interpolations.
public struct StringLiteralSyntax: Sendable, Hashable {
    /// One piece of a string literal.
    public enum Segment: Sendable, Hashable {
        /// Literal text, escapes already decoded.
        case text(String)
        /// `\(name)`: a reference to a tip argument, resolved by the checker.
        case interpolation(Identifier)
    }

    /// The pieces, in order. Adjacent text pieces are merged.
    public var segments: [Segment]
    /// The range of the whole literal including its quotes.
    public var range: SourceRange

    public init(segments: [Segment], range: SourceRange) {
        self.segments = segments
        self.range = range
    }

    /// The decoded text if the literal has no interpolation.
    public var plainText: String? {
        var out = ""
        for s in segments {
            guard case .text(let t) = s else { return nil }
            out += t
        }
        return out
    }
}
