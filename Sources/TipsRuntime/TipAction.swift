/// The id of a tip action (`action "learn-more" { ... }`), for
/// `TipStore.perform(_:of:)` and for switching on the action a user picked.
///
/// Generated code (`tipc gen swift`) declares one static member per distinct action id.
public struct TipAction: Hashable, Sendable, CustomStringConvertible {
    /// The declared id.
    public var id: String

    /// The action with id `id`.
    public init(_ id: String) { self.id = id }

    public var description: String { id }
}

extension TipActionContent {
    /// This action's id as a ``TipAction``, to compare with generated members
    /// (`content.actions[0].action == .learnMore`).
    public var action: TipAction { TipAction(id) }
}
