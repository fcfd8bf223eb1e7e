/// The name of a declared group, for `TipStore.currentTip(inGroup:)`.
///
/// Not called `TipGroup`: TipKit has a type of that name, and an app may import both.
/// Generated code (`tipc gen swift`) declares one static member per group. A string
/// literal is a key too (`currentTip(inGroup: "Onboarding")`): the store and the group
/// presenters take only keys, so a misspelt generated member is reported against
/// `TipGroupKey`, never `String`.
public struct TipGroupKey: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The group's declared name.
    public var name: String

    /// The group declared as `name`.
    public init(_ name: String) { self.name = name }

    /// The group declared as `value` (a literal).
    public init(stringLiteral value: String) { self.name = value }

    public var description: String { name }
}
