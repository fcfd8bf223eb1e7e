import TipsBytecode

/// What a compiled catalog promises the users' saved state and screens, by name: the view
/// `tipc diff` compares. Built from a bundle, so a catalog folder (compiled first) and a
/// `.tipsb` file of the same definitions give equal schemas.
///
/// Every index of the bundle is resolved to a name or a rendering (types by their written
/// names, constants as literals, programs by their rule text or a symbolic disassembly), so
/// two bundles compiled from the same definitions compare equal whatever their table order.
public struct CatalogSchema: Sendable, Hashable {
    /// A typed name: a payload field or a tip argument.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var type: String
    }

    public struct Param: Sendable, Hashable {
        public var name: String
        public var type: String
        /// The default as a literal (`false`, `3`, `"x"`, `Plan.free`, `nil`).
        public var defaultValue: String
        public var isTransient: Bool
        /// The declared old name (`renamedFrom`), if any.
        public var renamedFrom: String?
        /// The declared persistence key (`key "..."`), if any.
        public var key: String?
        /// What users' journals store its values under: the key, else the name.
        public var identity: String { key ?? name }
    }

    public struct Event: Sendable, Hashable {
        public var name: String
        public var fields: [Field]
        /// The effective donation limit and maximum age (ms), config defaults applied.
        public var limit: UInt32
        public var maxAge: Int64?
        /// The declared old name (`renamedFrom`), if any.
        public var renamedFrom: String?
        /// The declared persistence key (`key "..."`), if any.
        public var key: String?
        /// What users' journals store its donations under: the key, else the name.
        public var identity: String { key ?? name }
    }

    public struct Enumeration: Sendable, Hashable {
        public var name: String
        public var cases: [String]
        /// Declared case renames: old case name to new case name.
        public var renamedCases: [String: String] = [:]
    }

    public struct Action: Sendable, Hashable {
        public var id: String
        public var title: String
        public var effects: [String]
        /// The `when` condition as text (`platform in [macOS] && isPro`), if any.
        public var condition: String?
    }

    public struct Tip: Sendable, Hashable {
        public var name: String
        /// The id as written, arguments as `\(name)`.
        public var id: String
        /// The id's shape: literal text and argument positions with their types. Equal
        /// shapes produce equal ids for equal arguments, whatever the arguments are called.
        public var idShape: String
        public var arguments: [Field]
        public var title: String
        public var message: String?
        /// The message's `when` condition as text, if any.
        public var messageCondition: String?
        public var image: String?
        /// Whether ``image`` is an asset-catalog image (`image asset`), not an SF Symbol.
        public var imageIsAsset: Bool = false
        /// A tip that chooses its message: each alternative as text, its condition after
        /// ` when ` (empty when the tip has one message, in ``message``).
        public var messages: [String] = []
        /// The same for images (`asset "Hero" when platform in [visionOS]`).
        public var images: [String] = []
        /// One text per rule (the rule as written when the bundle has explanations).
        public var rules: [String]
        public var actions: [Action]
        public var triggers: [String]
        public var maxDisplayCount: UInt32?
        public var maxDisplayDuration: Int64?
        public var ignoresDisplayFrequency: Bool
        /// `priority N` (0 when not declared).
        public var priority: Int = 0
        /// `ignoresDisplayBudget`.
        public var ignoresDisplayBudget: Bool = false
        /// `resetEligibility after D`, in ms (nil when not declared).
        public var resetEligibilityAfter: Int64?
        /// The declared old id (`renamedFrom`), if any.
        public var renamedFrom: String?
    }

    public struct Group: Sendable, Hashable {
        public var name: String
        public var priority: String
        public var members: [String]
        /// `together`: the group flows as one unit.
        public var together: Bool = false
    }

    public var params: [Param] = []
    public var events: [Event] = []
    public var enums: [Enumeration] = []
    public var tips: [Tip] = []
    public var groups: [Group] = []
    /// The app-wide display frequency in ms (0: immediate).
    public var displayFrequency: Int64 = 0
    /// `displayBudget N per day` (0: none).
    public var displayBudgetPerDay: Int = 0
    /// `displayBudget N per launch` (0: none).
    public var displayBudgetPerLaunch: Int = 0

    /// The schema of `bundle` (which should be verified: bad indices render as `?`).
    public init(_ bundle: TipsBundle) {
        let names = Names(bundle)
        params = bundle.params.map { p in
            Param(name: names.string(p.name), type: bundle.typeName(p.type),
                  defaultValue: names.constant(p.defaultValue), isTransient: p.isTransient)
        }
        events = bundle.events.map { e in
            Event(name: names.string(e.name), fields: e.fields.map { names.field($0) }, limit: e.limit, maxAge: e.maxAge)
        }
        enums = bundle.enums.map { Enumeration(name: names.string($0.name), cases: $0.cases.map(names.string)) }
        let explained = bundle.explain.tips.count == bundle.tips.count
        tips = bundle.tips.enumerated().map { index, t in
            let arguments = t.arguments.map { names.field($0) }
            let rules = explained && bundle.explain.tips[index].count == t.rules.count
                ? bundle.explain.tips[index].map(\.text)
                : t.rules.map { names.program($0) }
            return Tip(
                name: names.string(t.name),
                id: names.template(t.id, arguments: arguments),
                idShape: t.id.parts.map { part -> String in
                    switch part {
                    case .literal(let s): return names.string(s)
                    case .argument(let a):
                        return "\\(#\(a): \(Int(a) < arguments.count ? arguments[Int(a)].type : "?"))"
                    }
                }.joined(),
                arguments: arguments,
                title: names.text(t.title, arguments: arguments),
                message: t.message.map { names.text($0, arguments: arguments) },
                image: t.image == noIndex ? nil : names.string(t.image),
                rules: rules,
                actions: t.actions.map { a in
                    Action(id: names.string(a.id), title: names.text(a.title, arguments: arguments),
                           effects: a.effects.map { names.effect($0) })
                },
                triggers: t.triggers.map { names.trigger($0) },
                maxDisplayCount: t.options.maxDisplayCount,
                maxDisplayDuration: t.options.maxDisplayDuration,
                ignoresDisplayFrequency: t.options.ignoresDisplayFrequency)
        }
        groups = bundle.groups.map { g in
            Group(name: names.string(g.name), priority: g.priority == .ordered ? "ordered" : "firstAvailable",
                  members: g.members.map { Int($0) < bundle.tips.count ? names.string(bundle.tips[Int($0)].name) : "?" })
        }
        displayFrequency = bundle.configuration.displayFrequency
        displayBudgetPerDay = Int(bundle.budgets.perDay)
        displayBudgetPerLaunch = Int(bundle.budgets.perLaunch)
        for b in bundle.budgets.tips where Int(b.tip) < tips.count {
            tips[Int(b.tip)].priority = Int(b.priority)
            tips[Int(b.tip)].ignoresDisplayBudget = b.exempt
        }
        for g in bundle.budgets.togetherGroups where Int(g) < groups.count { groups[Int(g)].together = true }
        for r in bundle.renewals where Int(r.tip) < tips.count { tips[Int(r.tip)].resetEligibilityAfter = r.after }
        for k in bundle.keys {
            let index = Int(k.index)
            switch k.kind {
            case .param where index < params.count: params[index].key = names.string(k.key)
            case .event where index < events.count: events[index].key = names.string(k.key)
            default: break
            }
        }
        for t in bundle.assetImages where Int(t) < tips.count { tips[Int(t)].imageIsAsset = true }
        for c in bundle.conditions where Int(c.tip) < tips.count {
            var parts: [String] = []
            if c.platforms != ConditionSchema.allPlatforms {
                parts.append("platform in [" + BundlePlatform.allCases.filter(c.allows).map(\.description).joined(separator: ", ") + "]")
            }
            if c.program != noIndex { parts.append(names.program(c.program)) }
            let text = parts.joined(separator: " && ")
            if c.item == noIndex {
                tips[Int(c.tip)].messageCondition = text
            } else if Int(c.item) < tips[Int(c.tip)].actions.count {
                tips[Int(c.tip)].actions[Int(c.item)].condition = text
            }
        }
        for c in bundle.contents where Int(c.tip) < tips.count {
            let arguments = tips[Int(c.tip)].arguments
            func when(_ choice: ChoiceCondition) -> String {
                var parts: [String] = []
                if choice.platforms != ConditionSchema.allPlatforms {
                    parts.append("platform in [" + BundlePlatform.allCases.filter(choice.allows).map(\.description)
                        .joined(separator: ", ") + "]")
                }
                if choice.program != noIndex { parts.append(names.program(choice.program)) }
                return parts.isEmpty ? "" : " when " + parts.joined(separator: " && ")
            }
            tips[Int(c.tip)].messages = c.messages.map { names.text($0.text, arguments: arguments) + when($0.condition) }
            tips[Int(c.tip)].images = c.images.map {
                ($0.isAsset ? "asset " : "") + names.quoted(names.template($0.name, arguments: arguments)) + when($0.condition)
            }
        }
        for r in bundle.renames {
            let index = Int(r.index)
            switch r.kind {
            case .param where index < params.count: params[index].renamedFrom = names.string(r.oldName)
            case .event where index < events.count: events[index].renamedFrom = names.string(r.oldName)
            case .tip where index < tips.count: tips[index].renamedFrom = names.string(r.oldName)
            case .enumCase where index < enums.count && Int(r.caseIndex) < enums[index].cases.count:
                enums[index].renamedCases[names.string(r.oldName)] = enums[index].cases[Int(r.caseIndex)]
            default: break
            }
        }
    }
}
