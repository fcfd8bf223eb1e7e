/// The name of a declared group, for `TipStore.currentTip(inGroup:)`.
///
/// Not called `TipGroup`: TipKit has a type of that name, and an app may import both.
/// Generated code (`tipc gen swift`) declares one static member per group.
public struct TipGroupKey: Hashable, Sendable, CustomStringConvertible {
    /// The group's declared name.
    public var name: String

    /// The group declared as `name`.
    public init(_ name: String) { self.name = name }

    public var description: String { name }
}
