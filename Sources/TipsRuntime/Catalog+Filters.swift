import TipsBytecode
import TipsJournal

extension Catalog {
    /// Whether a donation of `event` with `payload` passes filter `filter` (`noIndex`: no
    /// filter), with the VM's filter semantics: a missing field fails every term; Int
    /// fields meet Double constants promoted; NaN fails every comparison; strings compare
    /// by UTF-8 bytes; enums by case index.
    func donation(of event: Int, payload: [String: JournalValue], passes filter: UInt32) -> Bool {
        guard filter != noIndex, Int(filter) < bundle.filters.count else { return true }
        let fields = bundle.events[event].fields
        for term in bundle.filters[Int(filter)].terms {
            guard Int(term.field) < fields.count else { return false }
            let field = fields[Int(term.field)]
            guard let value = payload[string(field.name)] else { return false }
            if term.relation == .isTrue || term.relation == .isFalse {
                guard case .bool(let b) = value else { return false }
                if b != (term.relation == .isTrue) { return false }
                continue
            }
            guard Int(term.constant) < bundle.constants.count else { return false }
            let c = bundle.constants[Int(term.constant)]
            guard let order = compare(value, c, fieldType: field.type), Catalog.holds(term.relation, order) else { return false }
        }
        return true
    }

    /// -1, 0, 1 comparing a payload value with a constant; nil when incomparable (NaN,
    /// a type mismatch from an older app version, an unknown case).
    private func compare(_ value: JournalValue, _ c: Constant, fieldType: ValueType) -> Int? {
        func sign<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }
        switch value {
        case .int(let i):
            if c.type.kind == .double {
                let x = Double(i), y = Double(bitPattern: c.bits)
                return y.isNaN ? nil : sign(x, y)
            }
            return sign(i, Int64(bitPattern: c.bits))
        case .double(let x):
            let y = Double(bitPattern: c.bits)
            return x.isNaN || y.isNaN ? nil : sign(x, y)
        case .bool(let b):
            return sign(b ? 1 : 0, c.bits == 0 ? 0 : 1)
        case .string(let s):
            let k = string(UInt32(truncatingIfNeeded: c.bits))
            if s == k { return 0 }
            return s.utf8.lexicographicallyPrecedes(k.utf8) ? -1 : 1
        case .enumCase(let name):
            guard let i = cases(ofEnum: fieldType.enumIndex).firstIndex(of: name) else { return nil }
            return sign(UInt64(i), c.bits)
        case .date(let ms):
            return sign(ms, Int64(bitPattern: c.bits))
        case .set, .null:
            return nil
        }
    }

    private static func holds(_ r: Relation, _ order: Int) -> Bool {
        switch r {
        case .eq: return order == 0
        case .ne: return order != 0
        case .lt: return order < 0
        case .le: return order <= 0
        case .gt: return order > 0
        case .ge: return order >= 0
        case .isTrue, .isFalse: return false
        }
    }
}
