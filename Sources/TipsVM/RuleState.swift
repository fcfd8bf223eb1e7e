import TipsBytecode

/// The state a rule reads: the evaluation instant, parameter values, strings, sets and
/// donations, shaped for one bundle. Every mutation is checked against the bundle's types,
/// so the VM can trust every id it finds here (a bad value is refused, never stored).
public struct RuleState: Sendable {
    /// The instant rules are evaluated at (ms since the Unix epoch).
    public var now: Int64
    /// The platform the app runs on, which `platformIn` tests (iOS until set).
    public var platform: BundlePlatform = .iOS
    /// The device's time zone, which local calendar fields and `days(...)` read (UTC until set).
    public var zone: LocalZone = .utc
    /// When the store's journal began (`installed` in rules), ms; nil while unknown.
    public var installedAt: Int64?
    /// When the app says it was last updated (`appUpdated` in rules), ms; nil until it says.
    public var appUpdatedAt: Int64?
    /// Parameter values by slot.
    public private(set) var params: [Slot]
    /// Interned strings.
    public private(set) var strings: StringStore
    /// String sets.
    public private(set) var sets: SetStore
    /// Donations per event.
    public private(set) var donations: DonationStore
    /// Fingerprint of the bundle shape this state fits (checked by `RuleVM`).
    public let layout: UInt64
    private let paramTypes: [ValueType]
    private let fieldTypes: [[ValueType]]
    private let enumCaseCounts: [Int]
    private let defaults: [Slot]
    private let limits: [(count: Int, maxAge: Int64?)]

    /// A state for `bundle`: every parameter at its default, no donations.
    public init(_ verified: VerifiedBundle, now: Int64 = 0) {
        let bundle = verified.bundle
        self.now = now
        defaults = bundle.params.map { Slot(bundle.constants[Int($0.defaultValue)]) }
        params = defaults
        strings = StringStore(bundle)
        sets = SetStore(bundle)
        fieldTypes = bundle.events.map { $0.fields.map(\.type) }
        donations = DonationStore(fieldCounts: fieldTypes.map(\.count))
        paramTypes = bundle.params.map(\.type)
        enumCaseCounts = bundle.enums.map(\.cases.count)
        layout = RuleState.layout(of: bundle)
        limits = bundle.events.map { (Int($0.limit), $0.maxAge) }
    }

    /// The shape fingerprint of a bundle: parameter and payload types, table sizes.
    public static func layout(of bundle: TipsBundle) -> UInt64 {
        var h = FNV1a64()
        func word(_ v: Int) { h.combine((0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) }) }
        func type(_ t: ValueType) { word(Int(t.kind.rawValue) | Int(t.enumIndex) << 8 | (t.isOptional ? 1 << 24 : 0)) }
        word(bundle.strings.count); word(bundle.sets.count); word(bundle.params.count); word(bundle.events.count)
        for p in bundle.params { type(p.type) }
        for e in bundle.events { word(e.fields.count); for f in e.fields { type(f.type) } }
        for e in bundle.enums { word(e.cases.count) }
        return h.value
    }

    /// The id of string `s`, interning it.
    public mutating func intern(_ s: String) -> UInt32 { strings.intern(s) }

    /// The id of a new set holding `values`.
    public mutating func addSet(_ values: [String]) -> UInt32 { sets.add(values, strings: &strings) }

    /// Whether `slot` is a valid value of `type` in this state.
    public func isValid(_ slot: Slot, as type: ValueType) -> Bool {
        if slot.isNil { return type.isOptional && slot.bits == 0 }
        switch type.kind {
        case .bool: return slot.bits <= 1
        case .int, .double, .date, .duration: return true
        case .string: return slot.bits < UInt64(strings.count)
        case .stringSet: return slot.bits < UInt64(sets.count)
        case .enumeration: return Int(type.enumIndex) < enumCaseCounts.count && slot.bits < UInt64(enumCaseCounts[Int(type.enumIndex)])
        }
    }

    /// Sets parameter `index`; returns false (and changes nothing) for a bad index or value.
    @discardableResult
    public mutating func setParam(_ index: Int, _ value: Slot) -> Bool {
        guard params.indices.contains(index), isValid(value, as: paramTypes[index]) else { return false }
        params[index] = value
        return true
    }

    /// Restores parameter `index` to its default.
    public mutating func resetParam(_ index: Int) {
        if params.indices.contains(index) { params[index] = defaults[index] }
    }

    /// Records a donation of `event` at instant `t`; `payload` gives every field in order
    /// (`Slot.nil` for a field the donating app version did not know). Returns false (and
    /// changes nothing) for a bad event, field count or value.
    @discardableResult
    public mutating func donate(event: Int, at t: Int64, payload: [Slot] = []) -> Bool {
        guard fieldTypes.indices.contains(event), payload.count == fieldTypes[event].count else { return false }
        for (v, type) in zip(payload, fieldTypes[event]) where !isValid(v, as: type.optional) { return false }
        donations.insert(event: event, at: t, values: payload)
        return true
    }

    /// Drops the donations no query can see any more at `now` or later: beyond each
    /// event's limit, or older than its maxAge. Query results are unchanged.
    public mutating func compact(now: Int64) {
        for e in limits.indices {
            let times = donations.timestamps(of: e)
            var drop = max(0, times.count - limits[e].count)
            if let age = limits[e].maxAge {
                let (oldest, overflow) = now.subtractingReportingOverflow(age)
                if !overflow { drop = max(drop, times.prefix { $0 < oldest }.count) }
            }
            donations.removeOldest(event: e, count: drop)
        }
    }

    /// Forgets every donation of `event`.
    public mutating func removeDonations(event: Int) {
        if fieldTypes.indices.contains(event) { donations.removeAll(event: event) }
    }
}
