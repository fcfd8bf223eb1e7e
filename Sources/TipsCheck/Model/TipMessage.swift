import TipsSource

/// One of a tip's `message` lines: its text and the `when` condition under which it is the
/// one shown. The first message whose condition holds is shown; one without a condition is
/// the fallback, written last.
public struct TipMessage: Sendable, Hashable {
    /// The text.
    public var text: Text
    /// `when CONDITION`; `nil`: the fallback (or the only message, always shown).
    public var condition: ContentCondition?
    /// The whole `message` line.
    public var range: SourceRange

    public init(text: Text, condition: ContentCondition?, range: SourceRange) {
        self.text = text
        self.condition = condition
        self.range = range
    }
}
