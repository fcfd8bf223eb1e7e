import TipsRuntime

/// Why a tip is not showing, in a few words, read from the runtime's explanation
/// (`TipStore.explanation(of:)`): the one reason that matters most, in the order the runtime
/// applies them (ended, hidden, its rules, the display frequency, its group), with the rule's
/// failing clause and the event it waits for. A forecast prints one per tip that is not shown.
public struct WaitReason: Sendable, Hashable {
    /// What holds the tip back.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Invalidated: it will not show again (an action, a limit, closed).
        case ended
        /// The live catalog's kill switch, or a testing override, hides it.
        case hidden
        /// A rule is false.
        case rule
        /// The display frequency: another tip showed recently.
        case frequency
        /// Its group shows another member.
        case group
        /// Its rules hold, but time must still pass (the next instant is known).
        case time
    }

    public var kind: Kind
    /// One line: `rule 2 is false: count(manualSave within 7d) = 2, needs >= 3; waits for event manualSave`.
    public var text: String

    public init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }

    /// The reason `e` gives for not showing, or nil when the tip is available to the app
    /// (its status is available and no group holds it back). `instant` words instants
    /// (`day 3 09:00` in a forecast).
    public static func of(_ e: TipExplanation, instant: (Int64) -> String) -> WaitReason? {
        if let i = e.invalidation {
            return WaitReason(kind: .ended, text: ended(i.reason, e))
        }
        if e.suspended { return WaitReason(kind: .hidden, text: "hidden by the live catalog's kill switch") }
        if e.override == "hide" { return WaitReason(kind: .hidden, text: "hidden by a testing override") }
        if e.override == "show" { return nil }
        if e.status == .available {
            guard let g = e.group, let by = g.heldBackBy else { return nil }
            return WaitReason(kind: .group, text: "group \(g.name) shows \(by) first: \(g.heldBackReason ?? "it is current")")
        }
        let failing = e.rules.filter { !$0.holds }
        if let rule = failing.first {
            var text = "rule \(rule.number) is false"
            if let clause = failingClause(rule) { text += ": " + clause }
            if failing.count > 1 { text += " (and \(failing.count - 1) more rule\(failing.count > 2 ? "s" : ""))" }
            if !rule.events.isEmpty { text += "; waits for event " + rule.events.joined(separator: ", ") }
            else if case .at(let t) = e.next { text += "; true at \(instant(t))" }
            return WaitReason(kind: .rule, text: text)
        }
        if let c = e.cooldown, c.holdsBack {
            return WaitReason(kind: .frequency,
                              text: "display frequency: \(c.startedBy) showed, the next tip from \(instant(c.endsAt))")
        }
        if case .at(let t) = e.next { return WaitReason(kind: .time, text: "shows from \(instant(t))") }
        if case .blocked(let why) = e.next { return WaitReason(kind: .hidden, text: why) }
        return WaitReason(kind: .time, text: "not yet available")
    }

    /// The first condition of `rule` that fails, with the values it saw
    /// (`count(manualSave within 7d) = 2, needs >= 3`), else the rule as written.
    static func failingClause(_ rule: TipExplanation.RuleExplanation) -> String? {
        // A probe fails when its value is not the one the rule wants (false, or true under `!`).
        let failing = rule.probes.filter { p in p.holds.map { $0 == p.negated } ?? false }
        // A failing comparison says most: its values and what it needs.
        if let p = failing.first(where: { $0.kind == "comparison" }) ?? failing.first {
            // A probe under `!` already says what it needs (`isSyncEnabled = true, needs false`).
            return p.summary
        }
        if !rule.text.isEmpty {
            let reads = rule.parameters.map { "\($0.name) = \($0.value)" }
            return rule.text + (reads.isEmpty ? "" : " (" + reads.joined(separator: ", ") + ")")
        }
        return nil
    }

    /// An invalidation reason in words, with the limit it reached.
    static func ended(_ reason: TipInvalidationReason, _ e: TipExplanation) -> String {
        switch reason {
        case .actionPerformed: return "the user did what it teaches"
        case .displayCountExceeded:
            return "shown \(e.display.count) time\(e.display.count == 1 ? "" : "s")" + (e.display.maxCount.map { ", its limit of \($0)" } ?? "")
        case .displayDurationExceeded: return "shown for its maximum display time"
        case .tipClosed: return "closed by the user"
        }
    }
}
