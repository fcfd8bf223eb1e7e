/// A plain value of the language, as the reference evaluator computes it.
public enum ReferenceValue: Hashable, Sendable, CustomStringConvertible {
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    /// Milliseconds since the Unix epoch.
    case date(Int64)
    /// Milliseconds.
    case duration(Int64)
    /// A case index of some enumeration (the type says which).
    case enumCase(Int)
    /// Members, any order (compared as sets).
    case stringSet([String])
    /// The absent value of an optional.
    case none

    /// Whether two values are the same value: Doubles by bit pattern except that all NaNs
    /// are one value, strings by UTF-8 bytes, sets by members. (Unlike `==`, which follows
    /// Swift's `Double` and `String` rules.)
    public func isIdentical(to other: ReferenceValue) -> Bool {
        switch (self, other) {
        case (.double(let a), .double(let b)): return (a.isNaN && b.isNaN) || a.bitPattern == b.bitPattern
        case (.string(let a), .string(let b)): return Array(a.utf8) == Array(b.utf8)
        case (.stringSet(let a), .stringSet(let b)):
            return Set(a.map { Array($0.utf8) }) == Set(b.map { Array($0.utf8) })
        default: return self == other
        }
    }

    public var description: String {
        switch self {
        case .bool(let b): "\(b)"
        case .int(let i): "\(i)"
        case .double(let d): "\(d) (0x\(String(d.bitPattern, radix: 16)))"
        case .string(let s): "\"\(s)\""
        case .date(let ms): "date(\(ms)ms)"
        case .duration(let ms): "\(ms)ms"
        case .enumCase(let i): "case#\(i)"
        case .stringSet(let s): "\(s)"
        case .none: "nil"
        }
    }
}
