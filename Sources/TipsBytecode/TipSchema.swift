/// A piece of a text template: literal text or a tip argument.
public enum TemplatePart: Hashable, Sendable {
    /// String-table index of literal text.
    case literal(UInt32)
    /// Index of the tip argument whose value is inserted.
    case argument(UInt32)
}

/// A text template (`"New \(name)"`): parts concatenated in order.
public struct Template: Hashable, Sendable {
    public var parts: [TemplatePart]
    public init(_ parts: [TemplatePart]) { self.parts = parts }
}

/// A displayed text: plain, or a localization key with optional table and fallback.
public enum TipText: Hashable, Sendable {
    case plain(Template)
    /// `table` is a string-table index or `noIndex`.
    case localized(key: Template, table: UInt32, fallback: Template?)
}

/// Invalidation reasons. Raw values are the encoded byte.
public enum InvalidationReason: UInt8, Hashable, Sendable, CaseIterable {
    case actionPerformed = 0, displayCountExceeded = 1, displayDurationExceeded = 2, tipClosed = 3
}

/// What running an action does.
public enum Effect: Hashable, Sendable {
    /// Invalidate the tip.
    case invalidate(InvalidationReason)
    /// Set parameter `param` to the value of program `program` (result type = param type).
    case set(param: UInt32, program: UInt32)
    /// Donate `event` with one program per payload field, in field order.
    case donate(event: UInt32, fields: [UInt32])
    /// Snooze the tip for `interval` milliseconds (> 0). `limit` is how many snoozes the
    /// tip takes (0: no limit); the action performed once that many are used dismisses the
    /// tip for good (`tipClosed`). Effect kind 3, format version 10.
    case snooze(interval: Int64, limit: UInt32)
}

/// A tip action: id, title and effects.
public struct ActionSchema: Hashable, Sendable {
    /// String-table index of the action id.
    public var id: UInt32
    public var title: TipText
    public var effects: [Effect]
    public init(id: UInt32, title: TipText, effects: [Effect]) { self.id = id; self.title = title; self.effects = effects }
}

/// `invalidate when event [where filter] [reason r]`.
public struct TriggerSchema: Hashable, Sendable {
    public var event: UInt32
    /// Filter-table index or `noIndex`.
    public var filter: UInt32
    public var reason: InvalidationReason
    public init(event: UInt32, filter: UInt32 = noIndex, reason: InvalidationReason = .actionPerformed) {
        self.event = event; self.filter = filter; self.reason = reason
    }
}

/// Display options of a tip.
public struct TipOptions: Hashable, Sendable {
    public var maxDisplayCount: UInt32?
    /// Milliseconds.
    public var maxDisplayDuration: Int64?
    public var ignoresDisplayFrequency: Bool
    public init(maxDisplayCount: UInt32? = nil, maxDisplayDuration: Int64? = nil, ignoresDisplayFrequency: Bool = false) {
        self.maxDisplayCount = maxDisplayCount; self.maxDisplayDuration = maxDisplayDuration
        self.ignoresDisplayFrequency = ignoresDisplayFrequency
    }
}

/// A tip argument (reusable tips): name and type (String, Int, Bool or an enum).
public typealias ArgumentSchema = FieldSchema

/// A tip: identity, texts, rules (ANDed), actions, triggers and options.
public struct TipSchema: Hashable, Sendable {
    /// String-table index of the declared name.
    public var name: UInt32
    /// The id template (literal name when not reusable).
    public var id: Template
    public var arguments: [ArgumentSchema]
    public var title: TipText
    public var message: TipText?
    /// String-table index of the image symbol name, or `noIndex`.
    public var image: UInt32
    /// Program indices; each returns Bool; the tip's rules are their conjunction.
    public var rules: [UInt32]
    public var actions: [ActionSchema]
    public var triggers: [TriggerSchema]
    public var options: TipOptions
    public init(name: UInt32, id: Template, arguments: [ArgumentSchema] = [], title: TipText, message: TipText? = nil,
                image: UInt32 = noIndex, rules: [UInt32] = [], actions: [ActionSchema] = [],
                triggers: [TriggerSchema] = [], options: TipOptions = TipOptions()) {
        self.name = name; self.id = id; self.arguments = arguments; self.title = title; self.message = message
        self.image = image; self.rules = rules; self.actions = actions; self.triggers = triggers; self.options = options
    }
}

/// Group priorities. Raw values are the encoded byte.
public enum GroupPriority: UInt8, Hashable, Sendable, CaseIterable {
    case firstAvailable = 0, ordered = 1
}

/// A group of tips.
public struct GroupSchema: Hashable, Sendable {
    public var name: UInt32
    public var priority: GroupPriority
    /// Tip indices, in order.
    public var members: [UInt32]
    public init(name: UInt32, priority: GroupPriority = .firstAvailable, members: [UInt32]) {
        self.name = name; self.priority = priority; self.members = members
    }
}

/// Catalog configuration.
public struct Configuration: Hashable, Sendable {
    /// Display frequency in ms; 0 = immediate.
    public var displayFrequency: Int64
    /// Default per-event donation limit (≥ 1).
    public var donationLimit: UInt32
    /// Default maximum donation age in ms, if any.
    public var donationMaxAge: Int64?
    public init(displayFrequency: Int64 = 0, donationLimit: UInt32 = 1000, donationMaxAge: Int64? = nil) {
        self.displayFrequency = displayFrequency; self.donationLimit = donationLimit; self.donationMaxAge = donationMaxAge
    }
}
