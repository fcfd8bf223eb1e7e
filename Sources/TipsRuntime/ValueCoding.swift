import TipsBytecode
import TipsJournal
import TipsVM

/// Conversions between the API's `TipValue`, the journal's `JournalValue` and the VM's
/// `Slot`, each checked against a declared type.
extension Catalog {
    /// The journal form of `value` for something of `type` named by `what` (for messages:
    /// "parameter 'plan'"). Throws `wrongType` with a message naming both types.
    func journalValue(_ value: TipValue, as type: ValueType, what: String) throws(TipStoreError) -> JournalValue {
        func wrong(_ detail: String? = nil) -> TipStoreError {
            TipStoreError(.wrongType, detail ?? "\(what) is \(typeName(type)), not \(value.typeName)")
        }
        switch (value, type.kind) {
        case (.null, _):
            guard type.isOptional else { throw wrong("\(what) is \(typeName(type)) and cannot be nil") }
            return .null
        case (.bool(let b), .bool): return .bool(b)
        case (.int(let i), .int): return .int(i)
        case (.int(let i), .double): return .double(Double(i))
        case (.double(let d), .double):
            guard d.isFinite else { throw wrong("\(what) must be finite, not \(d)") }
            return .double(d)
        case (.string(let s), .string): return .string(s)
        case (.date(let ms), .date): return .date(ms)
        case (.stringSet(let s), .stringSet): return .set(s)
        case (.enumCase(let name), .enumeration):
            let cases = cases(ofEnum: type.enumIndex)
            guard cases.contains(name) else {
                throw wrong("'\(name)' is not a case of \(typeName(type.nonOptional)) (cases: \(cases.joined(separator: ", ")))")
            }
            return .enumCase(name)
        default:
            throw wrong()
        }
    }

    /// The VM value of a journal value read back for `type`, or nil when it doesn't fit
    /// (a type changed since it was written, an enum case that was removed).
    func slot(_ value: JournalValue, as type: ValueType, in state: inout RuleState) -> Slot? {
        switch (value, type.kind) {
        case (.null, _): return type.isOptional ? .nil : nil
        case (.bool(let b), .bool): return .bool(b)
        case (.int(let i), .int): return .int(i)
        case (.int(let i), .double): return .double(Double(i))
        case (.double(let d), .double): return .double(d)
        case (.string(let s), .string): return .string(state.intern(s))
        case (.date(let ms), .date): return .date(ms: ms)
        case (.set(let s), .stringSet): return .set(state.addSet(Array(s)))
        case (.enumCase(let name), .enumeration):
            // A case renamed with `renamedFrom` reads back under its old name too.
            guard let i = cases(ofEnum: type.enumIndex).firstIndex(of: name) ?? renamedCase(name, ofEnum: type.enumIndex) else {
                return nil
            }
            return .enumCase(i)
        default: return nil
        }
    }

    /// The journal form of a VM value of `type` (a program's result).
    func journalValue(_ slot: Slot, as type: ValueType, in state: RuleState) -> JournalValue {
        if slot.isNil { return .null }
        switch type.kind {
        case .bool: return .bool(slot.boolValue)
        case .int: return .int(slot.intValue)
        case .double:
            // The journal can't hold NaN or infinities; evaluation can produce them
            // (1.0 / 0.0 is 0 here, but 1e308 * 10 is not). Store 0, documented.
            let d = slot.doubleValue
            return .double(d.isFinite ? d : 0)
        case .date, .duration: return .date(slot.intValue)
        case .string: return .string(state.strings.string(UInt32(truncatingIfNeeded: slot.bits)) ?? "")
        case .stringSet:
            let ids = state.sets.members(of: UInt32(truncatingIfNeeded: slot.bits))
            return .set(Set(ids.compactMap { state.strings.string($0) }))
        case .enumeration:
            let cases = cases(ofEnum: type.enumIndex)
            let i = Int(truncatingIfNeeded: slot.bits)
            return cases.indices.contains(i) ? .enumCase(cases[i]) : .null
        }
    }
}

extension TipValue {
    /// The API form of a journal value.
    init(_ value: JournalValue) {
        switch value {
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .int(i)
        case .double(let d): self = .double(d)
        case .string(let s): self = .string(s)
        case .date(let ms): self = .date(ms)
        case .set(let s): self = .stringSet(s)
        case .enumCase(let c): self = .enumCase(c)
        case .null: self = .null
        }
    }

    /// The text an argument contributes to a template: strings as is, numbers in decimal,
    /// Booleans `true`/`false`, enumeration cases by name.
    var templateText: String {
        switch self {
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return "\(d)"
        case .string(let s): return s
        case .date(let ms): return String(ms)
        case .stringSet(let s): return s.sorted().joined(separator: ",")
        case .enumCase(let c): return c
        case .null: return "nil"
        }
    }
}
