import TipsBytecode

/// A query flattened for the VM.
struct QueryEntry {
    var event: Int
    var window: Int64
    var hasWindow: Bool
    var termStart: Int
    var termEnd: Int
    /// Group-by field, or -1.
    var groupField: Int
    /// Group-by field kind (Double keys are normalised before grouping).
    var groupIsDouble: Bool
}

/// A filter term flattened for the VM: the comparison class is resolved from the field type.
struct TermEntry {
    /// Comparison classes.
    static let integer: UInt8 = 0, double: UInt8 = 1, string: UInt8 = 2, intAsDouble: UInt8 = 3
    var field: Int
    var relation: UInt8
    var comparison: UInt8
    var bits: UInt64
}

/// An event's visibility limits.
struct EventEntry {
    var limit: Int
    var maxAge: Int64
    var hasMaxAge: Bool
}

/// The verified bundle's code and side tables copied once into raw memory the VM owns,
/// so evaluation touches no Swift arrays of the bundle (no retains, no bounds checks).
struct Image {
    let code: UnsafeMutableBufferPointer<UInt32>
    let programStarts: [Int]
    let constants: UnsafeMutableBufferPointer<Slot>
    let queries: UnsafeMutableBufferPointer<QueryEntry>
    let terms: UnsafeMutableBufferPointer<TermEntry>
    let events: UnsafeMutableBufferPointer<EventEntry>

    init(_ verified: VerifiedBundle) {
        let b = verified.bundle
        var words: [UInt32] = []
        var starts: [Int] = []
        for p in b.programs {
            starts.append(words.count)
            words.append(contentsOf: p.code.map(\.word))
        }
        programStarts = starts
        code = Image.copy(words)
        constants = Image.copy(b.constants.map(Slot.init))
        var termList: [TermEntry] = []
        var queryList: [QueryEntry] = []
        for q in b.queries {
            let fields = b.events[Int(q.event)].fields
            let start = termList.count
            if q.filter != noIndex {
                for t in b.filters[Int(q.filter)].terms {
                    let kind = fields[Int(t.field)].type.kind
                    let promoted = kind == .int && t.constant != noIndex && b.constants[Int(t.constant)].type.kind == .double
                    let comparison = promoted ? TermEntry.intAsDouble
                        : kind == .double ? TermEntry.double : kind == .string ? TermEntry.string : TermEntry.integer
                    let bits = t.constant == noIndex ? 0 : b.constants[Int(t.constant)].bits
                    termList.append(TermEntry(field: Int(t.field), relation: t.relation.rawValue, comparison: comparison, bits: bits))
                }
            }
            let group = q.groupField == noIndex ? -1 : Int(q.groupField)
            queryList.append(QueryEntry(event: Int(q.event), window: q.window ?? 0, hasWindow: q.window != nil,
                                        termStart: start, termEnd: termList.count, groupField: group,
                                        groupIsDouble: group >= 0 && fields[group].type.kind == .double))
        }
        terms = Image.copy(termList)
        queries = Image.copy(queryList)
        events = Image.copy(b.events.map { EventEntry(limit: Int($0.limit), maxAge: $0.maxAge ?? 0, hasMaxAge: $0.maxAge != nil) })
    }

    private static func copy<T>(_ items: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(items.count, 1))
        _ = buffer.initialize(from: items)
        return buffer
    }

    func deallocate() {
        code.deallocate(); constants.deallocate(); queries.deallocate(); terms.deallocate(); events.deallocate()
    }
}
