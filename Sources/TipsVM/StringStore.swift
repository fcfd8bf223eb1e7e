import TipsBytecode

/// Every string the VM can see, as UTF-8 bytes in one buffer: first the bundle's string
/// table (ids equal bundle indices), then strings the host adds. Strings are interned —
/// `intern` returns the existing id for known text — so string equality in the VM is id
/// equality, and prefix/suffix/ordering tests read bytes in place: no allocation.
public struct StringStore: Sendable {
    /// All strings' bytes, back to back.
    public private(set) var bytes: [UInt8] = []
    /// `starts[i] ..< starts[i + 1]` are string i's bytes; one more entry than strings.
    public private(set) var starts: [UInt32] = [0]
    /// Keyed by UTF-8 bytes, as the language compares strings (Swift's `String ==` would
    /// merge canonically equivalent text such as "\u{E9}" and "e\u{301}").
    private var ids: [[UInt8]: UInt32] = [:]

    /// A store holding the bundle's string table.
    public init(_ bundle: TipsBundle) {
        for s in bundle.strings { _ = intern(s) }
    }

    /// Number of strings.
    public var count: Int { starts.count - 1 }

    /// The id of `s`, adding it if new.
    public mutating func intern(_ s: String) -> UInt32 {
        let key = Array(s.utf8)
        if let id = ids[key] { return id }
        let id = UInt32(truncatingIfNeeded: count)
        bytes.append(contentsOf: key)
        starts.append(UInt32(truncatingIfNeeded: bytes.count))
        ids[key] = id
        return id
    }

    /// The id of `s` if it is in the store.
    public func id(of s: String) -> UInt32? { ids[Array(s.utf8)] }

    /// The text of string `id`, or nil when out of range.
    public func string(_ id: UInt32) -> String? {
        guard Int(id) < count else { return nil }
        return String(decoding: bytes[Int(starts[Int(id)])..<Int(starts[Int(id) + 1])], as: UTF8.self)
    }
}
