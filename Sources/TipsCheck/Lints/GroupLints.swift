import TipsSource
import TipsSyntax

/// W140 and W141: groups that do not sequence or choose anything.
enum GroupLints {
    static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for group in context.groups {
            out += smallGroup(group, context: context)
            if group.priority == .ordered { out += blockedMembers(group, context: context) }
        }
        return out
    }

    /// W140: a group chooses among or sequences tips; with fewer than two it does neither.
    /// A reusable member counts as many: it stands for each of its instances.
    static func smallGroup(_ group: GroupDeclSyntax, context: LintContext) -> [Diagnostic] {
        let message: String
        if group.members.contains(where: { context.tipsByName[$0.name].map { !$0.arguments.isEmpty } ?? false }) { return [] }
        switch group.members.count {
        case 0: message = "group '\(group.name.name)' has no members"
        case 1: message = "group '\(group.name.name)' has a single member, '\(group.members[0].name)'"
        default: return []
        }
        return [.warning(.smallGroup, message, at: group.name.range,
                         notes: [Note("a group chooses among or sequences two or more tips; present a single tip directly")])]
    }

    /// W141: in an `ordered` group a member can be current only once every earlier member is
    /// invalidated. A member without rules becomes available at its turn and ends the usual
    /// way once shown (its close button, an action, a display limit), so TipKit-style
    /// sequences are fine. A member with rules may never become available for some users;
    /// only `invalidate when` can end it without it being shown, so without one the members
    /// after it wait, for those users, forever.
    /// Quiet when every member has the same single rule (a TipKit-style sequence behind one
    /// condition, `rule isSignedIn` on each): a member waits only while that rule is false,
    /// and then it could not show anyway.
    static func blockedMembers(_ group: GroupDeclSyntax, context: LintContext) -> [Diagnostic] {
        if sharesOneCondition(group, context: context) { return [] }
        var out: [Diagnostic] = []
        let waiting = group.members.dropFirst()
        for (index, member) in group.members.enumerated() where index + 1 < group.members.count {
            guard let tip = context.tipsByName[member.name], !context.rules(of: tip).isEmpty,
                  !canBeInvalidatedUnseen(tip) else { continue }
            let next = waiting[waiting.startIndex + index].name
            out.append(.warning(
                .orderedGroupBlocked,
                "members from '\(next)' on in ordered group '\(group.name.name)' wait until '\(member.name)' is invalidated, "
                    + "but its rules may never hold and nothing invalidates it unseen",
                at: member.range,
                notes: [
                    Note("tip '\(member.name)' has rules", at: context.rules(of: tip)[0].range),
                    Note("add 'invalidate when EVENT' for the event that shows the user no longer needs it, "
                         + "drop its rules, or move it to the end of the group"),
                ]))
        }
        return out
    }

    /// Whether every member of the group is a declared tip with exactly one rule, the same
    /// rule as written (whitespace aside).
    static func sharesOneCondition(_ group: GroupDeclSyntax, context: LintContext) -> Bool {
        var condition: String?
        for member in group.members {
            guard let tip = context.tipsByName[member.name] else { return false }
            let rules = context.rules(of: tip)
            guard rules.count == 1 else { return false }
            let text = context.text(rules[0].expr.range).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                .joined(separator: " ")
            if let condition, condition != text { return false }
            condition = text
        }
        return group.members.count >= 2
    }

    /// Whether the tip can be invalidated without being displayed: by an `invalidate when`.
    static func canBeInvalidatedUnseen(_ tip: TipDeclSyntax) -> Bool {
        tip.items.contains { if case .invalidateWhen = $0 { true } else { false } }
    }
}
