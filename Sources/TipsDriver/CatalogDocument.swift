import TipsCheck
import TipsTime

/// A catalog for people who do not read code (`tipc doc`): every tip with its copy, its
/// rules in plain language (`RuleWording`, from the checked model), where it appears (group
/// and place), its limits and what ends it; the catalog's groups and display frequency; and,
/// for a review, the changes against an earlier version (`CatalogDiff`'s). Rendered as
/// Markdown or as a self-contained HTML page (`markdown`, `html`).
public struct CatalogDocument: Sendable {
    /// One tip, worded.
    public struct TipEntry: Sendable, Hashable {
        /// A button: its title and what pressing it does.
        public struct Button: Sendable, Hashable {
            public var title: String
            public var does: String
        }

        public var name: String
        /// What the app passes for a reusable tip (`templateID: String`); empty for a plain tip.
        public var arguments: [String]
        public var title: String
        public var message: String?
        public var actions: [Button]
        /// The image: an SF Symbol name, or `asset NAME`.
        public var image: String?
        /// Each rule, worded; the tip shows when all hold.
        public var rules: [String]
        /// Its group and place: `Writing (the first available member shows), 1 of 4`.
        public var group: String?
        /// Display limits and the display-frequency exemption, worded.
        public var limits: [String]
        /// What ends it for good, besides its limits: events, actions.
        public var ends: [String]
    }

    /// The document's title (the catalog's path).
    public var title: String
    /// The catalog-wide settings, worded.
    public var settings: [String]
    /// `(group name, how it picks, members in order)`.
    public var groups: [(name: String, picks: String, members: [String])]
    public var tips: [TipEntry]
    /// The changes against `--changes OLD`, when asked for (nil: not asked).
    public var changes: [CatalogChange]?

    /// The document of `model` (a catalog without errors), titled `title`.
    public init(model: CatalogModel, title: String, changes: [CatalogChange]? = nil) {
        self.title = title
        self.changes = changes
        let c = model.configuration
        var settings: [String] = []
        let frequency = c.displayFrequency.milliseconds
        settings.append(frequency == 0 ? "Display frequency: tips may follow each other at once."
                        : "Display frequency: \(FrequencyName.text(frequency)), at most one new tip every \(DurationText.format(frequency)).")
        settings.append("Each event keeps its last \(c.donationLimit) donations"
                        + (c.donationMaxAge.map { ", none older than \(DurationText.format($0))." } ?? "."))
        settings += Self.budgets(model)
        self.settings = settings
        groups = model.groups.map { g in
            (g.name, Self.picks(g.priority) + (g.together ? Self.together(g.name) : ""),
             g.members.filter { model.tips.indices.contains($0) }.map { model.tips[$0].name })
        }
        tips = model.tips.map { Self.entry($0, model) }
    }

    /// "At most 1 tip a day (exempt: WelcomeTip)." for each declared budget.
    static func budgets(_ model: CatalogModel) -> [String] {
        let c = model.configuration
        let exempt = model.tips.filter(\.options.ignoresDisplayBudget).map(\.name)
        let exemption = exempt.isEmpty ? "" : " (exempt: \(exempt.joined(separator: ", ")))"
        var out: [String] = []
        for (n, unit) in [(c.displayBudgetPerDay, "day"), (c.displayBudgetPerLaunch, "launch")] {
            guard let n else { continue }
            out.append("At most \(n) tip\(n == 1 ? "" : "s") a \(unit)\(exemption); every display counts, first or repeat.")
        }
        return out
    }

    /// What `together` adds to a group's line.
    static func together(_ name: String) -> String {
        "; \(name) flows as one unit: once one member has shown, the others skip the display-frequency cooldown "
            + "and share one place of a display budget"
    }

    /// "Priority 10: takes the day's budget before lower-priority tips." (only with a budget).
    static func priority(_ tip: Tip, _ c: Configuration) -> String? {
        let p = tip.options.priority
        guard p != 0, c.hasDisplayBudget, !tip.options.ignoresDisplayBudget else { return nil }
        let budget = c.displayBudgetPerDay != nil ? "the day's budget" : "the launch's budget"
        return p > 0 ? "Priority \(p): takes \(budget) before lower-priority tips."
            : "Priority \(p): leaves \(budget) to higher-priority tips first."
    }

    static func picks(_ p: Group.Priority) -> String {
        switch p {
        case .ordered: return "one after another, in this order: each waits until the ones before it have ended"
        case .firstAvailable: return "the first member that can show, shows"
        }
    }

    static func entry(_ tip: Tip, _ model: CatalogModel) -> TipEntry {
        let words = RuleWording(model: model, tip: tip)
        func text(_ t: Text) -> String { Self.text(t, tip) }
        var message = tip.message.map(text)
        if let m = message, let when = tip.messageCondition { message = m + " (only \(Self.when(when, words)))" }
        if tip.messages.count > 1 {
            // Alternatives: the first whose condition holds is shown.
            message = tip.messages.map { m in
                m.condition.map { text(m.text) + " (\(Self.when($0, words)))" } ?? "otherwise " + text(m.text)
            }.joined(separator: "; ")
        }
        var image = tip.image.map { tip.imageIsAsset ? "asset \($0)" : $0 }
        if tip.choosesImage {
            image = tip.images.map { i in
                let name = (i.isAsset ? "asset " : "") + LocalizedString.spelled(i.name, tip)
                return i.condition.map { name + " (\(Self.when($0, words)))" } ?? (tip.images.count > 1 ? "otherwise " : "") + name
            }.joined(separator: "; ")
        }
        let actions = tip.actions.map { a -> TipEntry.Button in
            var does = a.effects.map { Self.effect($0, model, words) }
            if does.isEmpty { does = ["nothing the catalog declares (the app handles it)"] }
            var title = text(a.title)
            if let when = a.condition { title += " (only \(Self.when(when, words)))" }
            return TipEntry.Button(title: title, does: does.joined(separator: "; "))
        }
        var group: String?
        if let g = tip.group, model.groups.indices.contains(g) {
            let gr = model.groups[g]
            let place = (gr.members.firstIndex(of: model.tips.firstIndex(of: tip) ?? -1) ?? 0) + 1
            group = "\(gr.name), \(place) of \(gr.members.count) (\(gr.priority == .ordered ? "ordered" : "first available"))"
        }
        var limits: [String] = []
        if let n = tip.options.maxDisplayCount { limits.append("Shown at most \(n) time\(n == 1 ? "" : "s").") }
        if let d = tip.options.maxDisplayDuration { limits.append("On screen for at most \(DurationText.format(d)) in all.") }
        if tip.options.ignoresDisplayFrequency { limits.append("May show even when another tip showed recently (ignores the display frequency).") }
        if tip.options.ignoresDisplayBudget, model.configuration.hasDisplayBudget {
            limits.append("Never held back by the display budget, and its displays use none of it.")
        }
        if let p = priority(tip, model.configuration) { limits.append(p) }
        if let d = tip.options.resetEligibilityAfter {
            limits.append("Comes back \(DurationText.format(d)) after it ends (closed, its action taken or its limits reached), "
                          + "under its rules (resetEligibility after \(DurationText.format(d))).")
        }
        var ends: [String] = tip.invalidations.map { inv in
            let event = model.events[inv.event]
            let filter = inv.filter.isEmpty ? "" : " where " + words.filter(inv.filter, of: event)
            return "When \(event.name) happens\(filter) (\(Self.reason(inv.reason)))."
        }
        for a in tip.actions where a.effects.contains(where: { if case .invalidate = $0 { return true } else { return false } }) {
            ends.append("When the user presses \"\(text(a.title))\".")
        }
        return TipEntry(name: tip.name, arguments: tip.arguments.map { "\($0.name): \(model.typeName($0.type))" },
                        title: text(tip.title), message: message, actions: actions,
                        image: image,
                        rules: tip.rules.map(words.condition), group: group, limits: limits, ends: ends)
    }

    /// Copy as the user reads it in the default language; holes as `{name}`, a localized
    /// text with its key.
    static func text(_ t: Text, _ tip: Tip) -> String {
        func fill(_ template: Template) -> String {
            template.segments.map { s in
                switch s {
                case .text(let x): return x
                case .argument(let i): return "{\(tip.arguments.indices.contains(i) ? tip.arguments[i].name : "argument")}"
                }
            }.joined()
        }
        switch t {
        case .literal(let template): return fill(template)
        case .localized(let key, let table, let fallback, _):
            let shown = fallback.map(fill) ?? fill(key)
            return "\(shown) [localized: \(fill(key))\(table.map { " in \($0)" } ?? "")]"
        }
    }

    static func when(_ c: ContentCondition, _ words: RuleWording) -> String {
        var parts: [String] = []
        if let p = c.platforms { parts.append("on " + words.list(p, "or")) }
        if let e = c.expr { parts.append("when " + words.condition(e)) }
        return parts.joined(separator: ", ")
    }

    static func effect(_ e: Effect, _ model: CatalogModel, _ words: RuleWording) -> String {
        switch e {
        case .invalidate(let r, _): return "ends the tip (\(reason(r)))"
        case .set(let p, let v, _): return "sets \(model.parameters[p].name) to \(words.value(v))"
        case .donate(let ev, _, _): return "records a \(model.events[ev].name) event"
        case .snooze(let interval, let limit, _):
            let back = "hides the tip for \(DurationText.format(interval))"
            guard let limit else { return back }
            return back + ", at most \(limit == 1 ? "once" : "\(limit) times"); then ends it (tipClosed)"
        }
    }

    static func reason(_ r: InvalidationReason) -> String {
        switch r {
        case .actionPerformed: return "the user did what it teaches"
        case .displayCountExceeded: return "shown its maximum number of times"
        case .displayDurationExceeded: return "on screen its maximum time"
        case .tipClosed: return "as if closed"
        }
    }
}
