import TipsSource
import TipsSyntax

/// W140 and W141: groups that do not sequence or choose anything.
enum GroupLints {
    static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for group in context.groups {
            out += smallGroup(group)
            if group.priority == .ordered { out += blockedMembers(group, context: context) }
        }
        return out
    }

    /// W140: a group chooses among or sequences tips; with fewer than two it does neither.
    static func smallGroup(_ group: GroupDeclSyntax) -> [Diagnostic] {
        let message: String
        switch group.members.count {
        case 0: message = "group '\(group.name.name)' has no members"
        case 1: message = "group '\(group.name.name)' has a single member, '\(group.members[0].name)'"
        default: return []
        }
        return [.warning(LintCode.smallGroup.rawValue, message, at: group.name.range,
                         notes: [Note("a group chooses among or sequences two or more tips; present a single tip directly")])]
    }

    /// W141: in an `ordered` group a member can be current only once every earlier member is
    /// invalidated. A member that nothing in the catalog can invalidate (no action with
    /// `invalidate`, no `invalidate when`, no `maxDisplayCount` or `maxDisplayDuration`)
    /// blocks the rest unless the app invalidates it through the API.
    static func blockedMembers(_ group: GroupDeclSyntax, context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let waiting = group.members.dropFirst()
        for (index, member) in group.members.enumerated() where index + 1 < group.members.count {
            guard let tip = context.tipsByName[member.name], !canBeInvalidated(tip) else { continue }
            let next = waiting[waiting.startIndex + index].name
            out.append(.warning(
                LintCode.orderedGroupBlocked.rawValue,
                "nothing declared ever invalidates '\(member.name)', so '\(next)' and later members of ordered group '\(group.name.name)' may never show",
                at: member.range,
                notes: [
                    Note("tip '\(member.name)' is declared here", at: tip.name.range),
                    Note("the app can still invalidate it through the API (for example when the user closes it); if it does not, add 'invalidate when', an action that invalidates, maxDisplayCount or maxDisplayDuration"),
                ]))
        }
        return out
    }

    /// Whether the tip declares any way to become invalidated.
    static func canBeInvalidated(_ tip: TipDeclSyntax) -> Bool {
        tip.items.contains { item in
            switch item {
            case .invalidateWhen, .maxDisplayCount, .maxDisplayDuration: true
            case .action(let a): a.effects.contains { if case .invalidate = $0 { true } else { false } }
            default: false
            }
        }
    }
}
