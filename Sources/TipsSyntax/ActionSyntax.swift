import TipsSource

/// `action "open-editor" { title "Open Editor"  invalidate  set opened = true }`.
public struct ActionSyntax: Sendable, Hashable {
    /// The action id the host app switches on.
    public var id: StringLiteralSyntax
    /// The button title; required (the checker reports a missing one).
    public var title: TextSyntax?
    /// Declared effects, run in order when the action is performed.
    public var effects: [EffectSyntax]
    /// From `action` to `}`.
    public var range: SourceRange

    public init(id: StringLiteralSyntax, title: TextSyntax?, effects: [EffectSyntax], range: SourceRange) {
        self.id = id
        self.title = title
        self.effects = effects
        self.range = range
    }
}
