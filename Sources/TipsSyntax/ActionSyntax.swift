import TipsSource

/// `action "open-editor" [when CONDITION] { title "Open Editor"  invalidate  set opened = true }`.
public struct ActionSyntax: Sendable, Hashable {
    /// The action id the host app switches on.
    public var id: StringLiteralSyntax
    /// The button title; required (the checker reports a missing one).
    public var title: TextSyntax?
    /// `when CONDITION` after the id: the action is offered only while it holds.
    public var condition: ExprSyntax?
    /// Declared effects, run in order when the action is performed.
    public var effects: [EffectSyntax]
    /// From `action` to `}`.
    public var range: SourceRange

    public init(id: StringLiteralSyntax, title: TextSyntax?, effects: [EffectSyntax], range: SourceRange,
                condition: ExprSyntax? = nil) {
        self.id = id
        self.condition = condition
        self.title = title
        self.effects = effects
        self.range = range
    }
}
