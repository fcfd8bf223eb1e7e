import TipsSource

/// The priority of a group.
public enum GroupPrioritySyntax: String, Sendable, Hashable {
    case firstAvailable
    case ordered
}

/// `group Onboarding ordered [together] { WelcomeTip, SearchTip, FilterTip }`.
public struct GroupDeclSyntax: Sendable, Hashable {
    public var name: Identifier
    /// The written priority; `nil` means the default, `firstAvailable`.
    public var priority: GroupPrioritySyntax?
    /// Where the priority word was written.
    public var priorityRange: SourceRange?
    /// Where `together` was written (the group flows as one unit), or nil.
    public var together: SourceRange?
    /// Member tips, by declared name, in order.
    public var members: [Identifier]
    /// From `group` to `}`.
    public var range: SourceRange

    public init(name: Identifier, priority: GroupPrioritySyntax?, priorityRange: SourceRange?,
                together: SourceRange? = nil, members: [Identifier], range: SourceRange) {
        self.name = name
        self.priority = priority
        self.priorityRange = priorityRange
        self.together = together
        self.members = members
        self.range = range
    }
}
