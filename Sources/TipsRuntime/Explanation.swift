/// Why a tip has its status, and when that will change: every reason, with the values the
/// rules saw. `TipStore.explanation(of:)` gives it for an in-app debug screen; `tipc
/// explain` prints it (`text`) or writes it as JSON. See Docs/explain.md.
public struct TipExplanation: Hashable, Sendable, Encodable {
    /// The tip's declared name.
    public var name: String
    /// Its instance id (the journal key).
    public var id: String
    /// The instant explained (ms since the epoch).
    public var at: Int64
    /// A reusable instance's argument values, in declaration order, as its rules see them
    /// (nil for a plain tip, or an instance known only by its id).
    public var arguments: [Input]?
    /// The status at `at`.
    public var status: TipStatus
    /// `"show"` or `"hide"` when a testing override decides the status, else nil.
    public var override: String?
    /// Set when the tip is invalidated.
    public var invalidation: Invalidated?
    /// Each rule, in declaration order (all must hold).
    public var rules: [RuleExplanation]
    /// The display-frequency cooldown, when one is running (whether or not it holds this tip).
    public var cooldown: Cooldown?
    /// Display count and time against the tip's limits.
    public var display: Display
    /// The tip's place in its group, if it has one.
    public var group: GroupPlace?
    /// When it will become available if nothing but time changes.
    public var next: NextAvailability
    /// The message and actions that have a `when` condition, each shown or hidden now
    /// (empty when none has one).
    public var conditionalContent: [ConditionalItem] = []
    /// Whether the live catalog's kill switch hides the tip (`TipStore.applySuspension`):
    /// its status is pending whatever its rules say.
    public var suspended = false
    /// Whether the tip is one of the app's (embedded) catalog that the adopted live catalog
    /// removed: its status is `notInLiveCatalog` and it has no rules here.
    public var notInLiveCatalog = false

    /// The tip's goal and whether (and when) it converted; nil when it declares no goal.
    public var goal: TipConversion?
    /// The tip's experiment side and why; nil when it declares no experiment.
    public var variant: VariantAssignment?
    /// The tip's snooze, when one is recorded (in force or ended, while its count matters).
    public var snooze: SnoozeExplanation?
    /// The display budgets in force, as they stand for this tip (empty: none).
    public var budgets: [Budget] = []
    /// The tip's declared renewal (`resetEligibility after D`); nil when it declares none.
    public var renewal: Renewal?

    /// A snooze ("Remind me later"): until when, how many were used, and the limit.
    public struct SnoozeExplanation: Hashable, Sendable, Encodable {
        /// The end of the latest snooze (ms since the epoch).
        public var until: Int64
        /// Whether `until` is still ahead: the tip is snoozed now.
        public var inForce: Bool
        /// Snoozes used so far.
        public var used: Int64
        /// The limit of the tip's snoozing action (nil: none declared).
        public var limit: Int64?

        /// `snoozed until 2026-01-04T00:00:00Z, 1 of 2 snoozes used`, or after it ended
        /// `snooze ended 2026-…, 2 of 2 snoozes used; the next one dismisses it for good`.
        public var summary: String {
            var s = inForce ? "snoozed until \(ExplanationFormat.date(until))" : "snooze ended \(ExplanationFormat.date(until))"
            if let limit {
                s += ", \(used) of \(limit) snooze\(limit == 1 ? "" : "s") used"
                if used >= limit { s += "; the next one dismisses it for good (tipClosed)" }
            } else {
                s += ", \(used) snooze\(used == 1 ? "" : "s") used (no limit)"
            }
            return s
        }

        private enum CodingKeys: String, CodingKey { case until, inForce, used, limit }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(ExplanationFormat.date(until), forKey: .until)
            try c.encode(inForce, forKey: .inForce)
            try c.encode(used, forKey: .used)
            try c.encodeIfPresent(limit, forKey: .limit)
        }
    }

    /// A message or action with a `when` condition: whether content shows it now, and why.
    public struct ConditionalItem: Hashable, Sendable, Encodable {
        /// `message`, or `action "id"`.
        public var item: String
        public var shown: Bool
        /// Why, in words: the platforms it is for, and whether the rest of the condition holds.
        public var why: String
    }

    /// An invalidation: its reason and when it was recorded (nil when it is due now from
    /// the display-duration limit and not yet written).
    public struct Invalidated: Hashable, Sendable, Encodable {
        public var reason: TipInvalidationReason
        public var at: Int64?
    }

    /// One rule: its result, where it is written, what it read, and its probes.
    public struct RuleExplanation: Hashable, Sendable, Encodable {
        /// 1-based rule number within the tip.
        public var number: Int
        public var holds: Bool
        /// The rule as written (empty when the bundle carries no explanations).
        public var text: String
        /// `file:line:column` of the rule, when the bundle knows it.
        public var file: String?
        public var line: Int
        public var column: Int
        /// Its conditions with the values they saw, and nested query values.
        public var probes: [ProbeValue]
        /// Parameters the rule reads, with their current values.
        public var parameters: [Input]
        /// Events the rule queries.
        public var events: [String]
        /// True when the rule reads `now` or a windowed or aged query: time alone can change it.
        public var readsTime: Bool
    }

    /// A named input and its value as text.
    public struct Input: Hashable, Sendable, Encodable {
        public var name: String
        public var value: String
    }

    /// One probe's values: for a comparison, `left` = value and the right side it needs.
    public struct ProbeValue: Hashable, Sendable, Encodable {
        /// `comparison`, `condition` or `term`.
        public var kind: String
        public var text: String
        public var line: Int
        public var column: Int
        /// The condition's own value (nil for terms).
        public var holds: Bool?
        /// True when the rule wants this condition false (under `!`).
        public var negated: Bool
        /// For comparisons, the left operand as written; otherwise the whole text.
        public var subject: String
        /// The value of `subject`.
        public var value: String
        /// For comparisons: `>=` etc.
        public var relation: String?
        /// For comparisons: the right operand as written.
        public var needs: String?
        /// For comparisons whose right side is not a literal: its value.
        public var needsValue: String?
        /// One line: `count(manualSave within 7d) = 2, needs >= 3`.
        public var summary: String
    }

    /// The app-wide display-frequency cooldown.
    public struct Cooldown: Hashable, Sendable, Encodable {
        /// The id of the tip whose first presentation started it.
        public var startedBy: String
        public var startedAt: Int64
        public var endsAt: Int64
        /// True when it holds this tip back now.
        public var holdsBack: Bool
        /// Why it doesn't, when it doesn't: `"ignoresDisplayFrequency"` or `"displayed before"`.
        public var exemption: String?
    }

    /// Display accounting against the limits.
    public struct Display: Hashable, Sendable, Encodable {
        public var count: Int64
        public var maxCount: Int64?
        /// Cumulative display time in ms, the open presentation included.
        public var milliseconds: Int64
        public var maxMilliseconds: Int64?
        public var isDisplayed: Bool
        public var ignoresDisplayFrequency: Bool
    }

    /// The tip's place in its group.
    public struct GroupPlace: Hashable, Sendable, Encodable {
        public var name: String
        /// `firstAvailable` or `ordered`.
        public var priority: String
        /// 1-based position.
        public var position: Int
        public var members: [String]
        /// The group's current tip, if any.
        public var current: String?
        /// The member that keeps this tip from being current, and why; nil when nothing does
        /// (or the tip is current).
        public var heldBackBy: String?
        public var heldBackReason: String?
    }
}

extension TipExplanation {
    private enum CodingKeys: String, CodingKey {
        case name, id, at, status, override, invalidation, rules, cooldown, display, group, next, conditionalContent, goal, variant, snooze, budgets, renewal
    }

    /// JSON: instants as ISO-8601 text, the status as `pending`, `available` or
    /// `invalidated(reason)`; absent parts omitted.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(id, forKey: .id)
        try c.encode(ExplanationFormat.date(at), forKey: .at)
        try c.encode(status.description, forKey: .status)
        try c.encodeIfPresent(override, forKey: .override)
        try c.encodeIfPresent(invalidation, forKey: .invalidation)
        try c.encode(rules, forKey: .rules)
        try c.encodeIfPresent(cooldown, forKey: .cooldown)
        try c.encode(display, forKey: .display)
        try c.encodeIfPresent(group, forKey: .group)
        try c.encode(next, forKey: .next)
        if !conditionalContent.isEmpty { try c.encode(conditionalContent, forKey: .conditionalContent) }
        try c.encodeIfPresent(goal, forKey: .goal)
        try c.encodeIfPresent(variant, forKey: .variant)
        try c.encodeIfPresent(snooze, forKey: .snooze)
        if !budgets.isEmpty { try c.encode(budgets, forKey: .budgets) }
        try c.encodeIfPresent(renewal, forKey: .renewal)
    }
}

extension TipExplanation.Invalidated {
    private enum CodingKeys: String, CodingKey { case reason, at }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(reason.rawValue, forKey: .reason)
        try c.encodeIfPresent(at.map(ExplanationFormat.date), forKey: .at)
    }
}

extension TipExplanation.Cooldown {
    private enum CodingKeys: String, CodingKey { case startedBy, startedAt, endsAt, holdsBack, exemption }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(startedBy, forKey: .startedBy)
        try c.encode(ExplanationFormat.date(startedAt), forKey: .startedAt)
        try c.encode(ExplanationFormat.date(endsAt), forKey: .endsAt)
        try c.encode(holdsBack, forKey: .holdsBack)
        try c.encodeIfPresent(exemption, forKey: .exemption)
    }
}

extension TipConversion {
    private enum CodingKeys: String, CodingKey { case goal, event, window, firstShownAt, startsAtExposure, windowEndsAt, convertedAt, presentation }
    /// JSON: the window as a duration literal, instants as ISO-8601 text; absent parts omitted.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(goal, forKey: .goal)
        try c.encode(event, forKey: .event)
        try c.encode(ExplanationFormat.duration(window), forKey: .window)
        try c.encodeIfPresent(firstShownAt.map(ExplanationFormat.date), forKey: .firstShownAt)
        // Only when true, so a shown tip's JSON stays as it was.
        if startsAtExposure { try c.encode(true, forKey: .startsAtExposure) }
        try c.encodeIfPresent(windowEndsAt.map(ExplanationFormat.date), forKey: .windowEndsAt)
        try c.encodeIfPresent(convertedAt.map(ExplanationFormat.date), forKey: .convertedAt)
        try c.encodeIfPresent(presentation, forKey: .presentation)
    }
}
