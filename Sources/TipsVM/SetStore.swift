import TipsBytecode

/// Every Set<String> value the VM can see: first the bundle's set table (ids equal bundle
/// indices), then sets the host adds. Members are string ids, strictly ascending, so
/// `contains` is a binary search with no allocation.
public struct SetStore: Sendable {
    /// All sets' members, back to back.
    public private(set) var members: [UInt32] = []
    /// `starts[i] ..< starts[i + 1]` are set i's members.
    public private(set) var starts: [UInt32] = [0]

    /// A store holding the bundle's set table.
    public init(_ bundle: TipsBundle) {
        for s in bundle.sets { _ = add(ids: s) }
    }

    /// Number of sets.
    public var count: Int { starts.count - 1 }

    /// Adds a set of already interned string ids (any order, duplicates ignored).
    public mutating func add(ids: [UInt32]) -> UInt32 {
        let id = UInt32(truncatingIfNeeded: count)
        var previous: UInt32? = nil
        for m in ids.sorted() where m != previous {
            members.append(m)
            previous = m
        }
        starts.append(UInt32(truncatingIfNeeded: members.count))
        return id
    }

    /// Adds a set of strings, interning them into `strings`.
    public mutating func add(_ values: [String], strings: inout StringStore) -> UInt32 {
        var ids: [UInt32] = []
        for v in values { ids.append(strings.intern(v)) }
        return add(ids: ids)
    }

    /// The members of set `id` (empty when out of range).
    public func members(of id: UInt32) -> ArraySlice<UInt32> {
        guard Int(id) < count else { return [] }
        return members[Int(starts[Int(id)])..<Int(starts[Int(id) + 1])]
    }
}
