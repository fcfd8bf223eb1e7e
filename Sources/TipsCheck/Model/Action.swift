import TipsSource

/// A tip action: a button with an id the host switches on, and declared effects.
public struct Action: Sendable, Hashable {
    /// The id the host app switches on.
    public var id: String
    /// The button title (an empty literal when missing, which is reported).
    public var title: Text
    /// `action "id" when CONDITION`: when the action is offered; `nil`: always.
    public var condition: ContentCondition?
    /// Run in order when the user picks the action.
    public var effects: [Effect]
    /// The source it was checked from, for diagnostics and source maps.
    public var range: SourceRange

    public init(id: String, title: Text, effects: [Effect], range: SourceRange) {
        self.id = id
        self.title = title
        self.effects = effects
        self.range = range
    }
}
