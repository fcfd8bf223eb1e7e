extension JournalValue {
    /// A canonical text for ordering values deterministically (the merge's tie-break and
    /// output order): the type, then the value, sets sorted by UTF-8 bytes.
    var mergeKey: String {
        switch self {
        case .null: return "0"
        case .bool(let b): return b ? "b1" : "b0"
        case .int(let i): return "i" + String(i)
        case .double(let d): return "d" + String(d.bitPattern, radix: 16)
        case .string(let s): return "s" + s
        case .date(let ms): return "t" + String(ms)
        case .set(let members):
            return "S" + members.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                .map { String($0.utf8.count) + ":" + $0 }.joined()
        case .enumCase(let c): return "e" + c
        }
    }
}

extension Dictionary where Key == String, Value == JournalValue {
    /// A canonical text for a donation payload: fields sorted by UTF-8 bytes.
    var mergeKey: String {
        keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { String($0.utf8.count) + ":" + $0 + "=" + (self[$0]?.mergeKey ?? "") + ";" }.joined()
    }
}

/// UTF-8 byte order, the order the journal sorts names in.
func utf8Less(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
