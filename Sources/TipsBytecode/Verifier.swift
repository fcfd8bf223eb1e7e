/// Checks a decoded bundle: every index in range, every value within its rules, and every
/// program well-typed (see `Verifier+Code.swift`). Checks run in section order, so an
/// invalid bundle always reports the same first error.
public struct Verifier {
    /// The deepest stack a program may use.
    public static let maxStackDepth = 255
    /// The longest program, in instructions.
    public static let maxProgramLength = 65_536

    let bundle: TipsBundle

    /// Verifies `bundle`.
    public static func verify(_ bundle: TipsBundle) throws(BundleError) -> VerifiedBundle {
        let v = Verifier(bundle: bundle)
        try v.checkTables()
        var infos: [ProgramInfo] = []
        infos.reserveCapacity(bundle.programs.count)
        for p in bundle.programs.indices { infos.append(try v.checkProgram(p)) }
        try v.checkTips()
        try v.checkGroupsAndConfiguration()
        let probeInfo = try v.checkExplain()
        try v.checkRenames()
        try v.checkKeys()
        try v.checkArgumentBindings()
        try v.checkConditions()
        try v.checkGoals()
        try v.checkExperiments()
        try v.checkBudgets()
        try v.checkRenewals()
        try v.checkContent()
        return VerifiedBundle(bundle: bundle, programInfo: infos, probeInfo: probeInfo)
    }

    func index(_ i: UInt32, _ count: Int, _ kind: IndexKind, _ site: ErrorSite) throws(BundleError) {
        guard Int(i) < count else { throw .indexOutOfRange(kind, index: Int(i), at: site) }
    }
    func string(_ i: UInt32, _ site: ErrorSite) throws(BundleError) { try index(i, bundle.strings.count, .string, site) }

    func type(_ t: ValueType, _ site: ErrorSite) throws(BundleError) {
        if t.kind == .enumeration { try index(UInt32(t.enumIndex), bundle.enums.count, .enumeration, site) }
    }

    private func checkTables() throws(BundleError) {
        // Duplicates by UTF-8 bytes (String == would call "\u{E9}" and "e\u{301}" equal).
        var seen: [[UInt8]: Int] = [:]
        for (i, s) in bundle.strings.enumerated() {
            guard seen.updateValue(i, forKey: Array(s.utf8)) == nil else { throw .duplicateString(i) }
        }
        for (i, f) in bundle.files.enumerated() { try string(f, .item(.files, i)) }
        for (i, e) in bundle.enums.enumerated() {
            let site = ErrorSite.item(.enums, i)
            try string(e.name, site)
            for c in e.cases { try string(c, site) }
            guard !e.cases.isEmpty, e.cases.count <= 65_536 else { throw .invalidValue(site, rule: "an enum has 1 to 65536 cases") }
        }
        for (i, s) in bundle.sets.enumerated() {
            let site = ErrorSite.item(.sets, i)
            var previous: UInt32? = nil
            for m in s {
                try string(m, site)
                if let previous, m <= previous { throw .invalidValue(site, rule: "set members must be strictly ascending") }
                previous = m
            }
        }
        for (i, c) in bundle.constants.enumerated() { try constant(c, .item(.constants, i)) }
        for (i, p) in bundle.params.enumerated() {
            let site = ErrorSite.item(.params, i)
            try string(p.name, site)
            try type(p.type, site)
            try index(p.defaultValue, bundle.constants.count, .constant, site)
            let value = bundle.constants[Int(p.defaultValue)]
            guard p.type.accepts(value.type) else {
                throw .invalidValue(site, rule: "default value of type \(value.type) does not fit \(p.type)")
            }
        }
        for (i, e) in bundle.events.enumerated() {
            let site = ErrorSite.item(.events, i)
            try string(e.name, site)
            for f in e.fields {
                try string(f.name, site)
                try type(f.type, site)
                guard !f.type.isOptional, f.type.kind != .stringSet else {
                    throw .invalidValue(site, rule: "payload fields are non-optional scalars")
                }
            }
            guard e.limit >= 1 else { throw .invalidValue(site, rule: "donation limit must be at least 1") }
            if let age = e.maxAge, age <= 0 { throw .invalidValue(site, rule: "maxAge must be positive") }
        }
        for (i, f) in bundle.filters.enumerated() {
            for t in f.terms {
                if t.relation == .isTrue || t.relation == .isFalse {
                    guard t.constant == noIndex else { throw .invalidValue(.item(.filters, i), rule: "a Bool test has no constant") }
                } else {
                    try index(t.constant, bundle.constants.count, .constant, .item(.filters, i))
                }
            }
        }
        for (i, q) in bundle.queries.enumerated() {
            let site = ErrorSite.item(.queries, i)
            try index(q.event, bundle.events.count, .event, site)
            if let w = q.window, w <= 0 { throw .invalidValue(site, rule: "window must be positive") }
            let event = bundle.events[Int(q.event)]
            if q.filter != noIndex { try filter(q.filter, of: event, site) }
            if q.groupField != noIndex { try index(q.groupField, event.fields.count, .field, site) }
        }
    }

    private func constant(_ c: Constant, _ site: ErrorSite) throws(BundleError) {
        try type(c.type, site)
        if c.isNil {
            guard c.type.isOptional else { throw .invalidValue(site, rule: "nil constant of a non-optional type") }
            return
        }
        switch c.type.kind {
        case .bool: guard c.bits <= 1 else { throw .invalidValue(site, rule: "Bool payload must be 0 or 1") }
        case .string: guard c.bits < UInt64(bundle.strings.count) else { throw .indexOutOfRange(.string, index: Int(truncatingIfNeeded: c.bits), at: site) }
        case .stringSet: guard c.bits < UInt64(bundle.sets.count) else { throw .indexOutOfRange(.set, index: Int(truncatingIfNeeded: c.bits), at: site) }
        case .enumeration:
            guard c.bits < UInt64(bundle.enums[Int(c.type.enumIndex)].cases.count) else {
                throw .indexOutOfRange(.enumCase, index: Int(truncatingIfNeeded: c.bits), at: site)
            }
        case .int, .double, .date, .duration: break
        }
    }

    /// Checks filter `f` against the payload of `event` (where a query or trigger uses it).
    func filter(_ f: UInt32, of event: EventSchema, _ site: ErrorSite) throws(BundleError) {
        try index(f, bundle.filters.count, .filter, site)
        for t in bundle.filters[Int(f)].terms {
            try index(t.field, event.fields.count, .field, site)
            let fieldType = event.fields[Int(t.field)].type
            if t.relation == .isTrue || t.relation == .isFalse {
                guard fieldType.kind == .bool else { throw .invalidValue(site, rule: "Bool test on a \(fieldType) field") }
                continue
            }
            let c = bundle.constants[Int(t.constant)]
            // An Int field may be compared with a Double constant (the field is promoted).
            let promoted = fieldType.kind == .int && c.type.kind == .double
            guard !c.isNil, c.type.sameBase(fieldType) || promoted else {
                throw .invalidValue(site, rule: "filter constant of type \(c.type) compared with a \(fieldType) field")
            }
            if t.relation.isOrdering, fieldType.kind == .bool || fieldType.kind == .enumeration {
                throw .invalidValue(site, rule: "ordering comparison on a \(fieldType) field")
            }
        }
    }

    func program(_ p: UInt32, returns expected: ValueType, _ site: ErrorSite, exact: Bool) throws(BundleError) {
        try index(p, bundle.programs.count, .program, site)
        let found = bundle.programs[Int(p)].resultType
        guard exact ? found == expected : expected.accepts(found) else {
            throw .resultTypeMismatch(site, expected: expected, found: found)
        }
    }

    func template(_ t: Template, arguments: Int, _ site: ErrorSite) throws(BundleError) {
        for part in t.parts {
            switch part {
            case .literal(let s): try string(s, site)
            case .argument(let a): try index(a, arguments, .argument, site)
            }
        }
    }

    func text(_ t: TipText, arguments: Int, _ site: ErrorSite) throws(BundleError) {
        switch t {
        case .plain(let template): try self.template(template, arguments: arguments, site)
        case .localized(let key, let table, let fallback):
            try template(key, arguments: arguments, site)
            if table != noIndex { try string(table, site) }
            if let fallback { try template(fallback, arguments: arguments, site) }
        }
    }

    private func checkTips() throws(BundleError) {
        for (i, tip) in bundle.tips.enumerated() {
            let site = ErrorSite.item(.tips, i)
            try string(tip.name, site)
            for a in tip.arguments {
                try string(a.name, site)
                try type(a.type, site)
                guard !a.type.isOptional, [.string, .int, .bool, .enumeration].contains(a.type.kind) else {
                    throw .invalidValue(site, rule: "tip arguments are String, Int, Bool or an enum")
                }
            }
            let n = tip.arguments.count
            try template(tip.id, arguments: n, site)
            try text(tip.title, arguments: n, site)
            if let m = tip.message { try text(m, arguments: n, site) }
            if tip.image != noIndex { try string(tip.image, site) }
            for r in tip.rules { try program(r, returns: .bool, site, exact: true) }
            for action in tip.actions {
                try string(action.id, site)
                try text(action.title, arguments: n, site)
                for effect in action.effects {
                    switch effect {
                    case .invalidate: break
                    case .snooze(let interval, _):
                        guard interval > 0 else { throw .invalidValue(site, rule: "a snooze interval must be positive") }
                    case .set(let param, let p):
                        try index(param, bundle.params.count, .param, site)
                        try program(p, returns: bundle.params[Int(param)].type, site, exact: false)
                    case .donate(let event, let fields):
                        try index(event, bundle.events.count, .event, site)
                        let schema = bundle.events[Int(event)].fields
                        guard fields.count == schema.count else { throw .invalidValue(site, rule: "donate gives every payload field once") }
                        for (f, p) in fields.enumerated() { try program(p, returns: schema[f].type, site, exact: true) }
                    }
                }
            }
            for trigger in tip.triggers {
                try index(trigger.event, bundle.events.count, .event, site)
                if trigger.filter != noIndex { try filter(trigger.filter, of: bundle.events[Int(trigger.event)], site) }
            }
            if let c = tip.options.maxDisplayCount, c < 1 { throw .invalidValue(site, rule: "maxDisplayCount must be at least 1") }
            if let d = tip.options.maxDisplayDuration, d <= 0 { throw .invalidValue(site, rule: "maxDisplayDuration must be positive") }
        }
    }

    private func checkGroupsAndConfiguration() throws(BundleError) {
        var grouped = Set<UInt32>()
        for (i, g) in bundle.groups.enumerated() {
            let site = ErrorSite.item(.groups, i)
            try string(g.name, site)
            for m in g.members {
                try index(m, bundle.tips.count, .tip, site)
                guard grouped.insert(m).inserted else { throw .invalidValue(site, rule: "tip \(m) is in more than one group") }
            }
        }
        let c = bundle.configuration
        let site = ErrorSite.item(.configuration, 0)
        guard c.displayFrequency >= 0 else { throw .invalidValue(site, rule: "display frequency must not be negative") }
        guard c.donationLimit >= 1 else { throw .invalidValue(site, rule: "donation limit must be at least 1") }
        if let age = c.donationMaxAge, age <= 0 { throw .invalidValue(site, rule: "donation maxAge must be positive") }
    }
}
