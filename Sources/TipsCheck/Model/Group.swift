import TipsSource

/// `group Name [firstAvailable|ordered] [together] { Tip, ... }`.
public struct Group: Sendable, Hashable {
    /// How a group picks its current tip.
    public enum Priority: String, Sendable, Hashable {
        /// The first available member (default).
        case firstAvailable
        /// A member only once every earlier member is invalidated.
        case ordered
    }

    /// The declared name.
    public var name: String
    /// How the group picks its current tip.
    public var priority: Priority
    /// Indices into ``CatalogModel/tips``, in order (no repeats; a reusable tip stands for its instances).
    public var members: [Int]
    /// `together`: once a member was displayed, the others skip the display-frequency
    /// cooldown, and the group takes one place of a display budget, shared by its members.
    public var together: Bool
    /// Where `together` was written.
    public var togetherRange: SourceRange?
    /// Where each member was named, parallel to ``members``.
    public var memberRanges: [SourceRange]
    /// The source it was checked from, for diagnostics and source maps.
    public var range: SourceRange

    public init(name: String, priority: Priority, members: [Int], memberRanges: [SourceRange],
                range: SourceRange, together: Bool = false, togetherRange: SourceRange? = nil) {
        self.name = name
        self.together = together
        self.togetherRange = togetherRange
        self.priority = priority
        self.members = members
        self.memberRanges = memberRanges
        self.range = range
    }
}
