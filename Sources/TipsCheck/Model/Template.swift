import TipsSource

/// Text with `\(argument)` holes, filled from a tip instance's arguments.
public struct Template: Sendable, Hashable {
    /// One piece.
    public enum Segment: Sendable, Hashable {
        case text(String)
        /// Index into the tip's ``Tip/arguments``.
        case argument(Int)
    }

    /// Pieces in order; adjacent text pieces are merged.
    public var segments: [Segment]
    /// The source it was checked from, for diagnostics and source maps.
    public var range: SourceRange

    public init(segments: [Segment], range: SourceRange) {
        self.segments = segments
        self.range = range
    }

    /// A template without holes.
    public static func literal(_ text: String, range: SourceRange) -> Template {
        Template(segments: text.isEmpty ? [] : [.text(text)], range: range)
    }

    /// The text, if the template has no holes.
    public var literalText: String? {
        var out = ""
        for segment in segments {
            guard case .text(let t) = segment else { return nil }
            out += t
        }
        return out
    }
}
