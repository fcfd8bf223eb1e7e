import TipsSource

/// A comment, kept out of the tree (like gofmt) and re-attached by the formatter by position.
public struct Comment: Sendable, Hashable {
    /// `//` line comment or `/* */` block comment.
    public enum Kind: Sendable, Hashable { case line, block }

    public var kind: Kind
    /// The comment's full text, delimiters included.
    public var text: String
    public var range: SourceRange

    public init(kind: Kind, text: String, range: SourceRange) {
        self.kind = kind
        self.text = text
        self.range = range
    }
}
