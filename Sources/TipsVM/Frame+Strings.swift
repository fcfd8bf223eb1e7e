/// String and set operations over the state's byte and member buffers. Linear in the
/// string lengths (`contains` is a naive O(n·m) search: rule strings are short), no
/// allocation.
extension Frame {
    @inline(__always)
    func bytes(_ id: UInt64) -> (start: Int, count: Int) {
        let s = Int(stringStarts[Int(id)])
        return (s, Int(stringStarts[Int(id) &+ 1]) &- s)
    }

    @inline(__always)
    private func same(_ a: Int, _ b: Int, _ n: Int) -> Bool {
        var i = 0
        while i < n {
            if stringBytes[a &+ i] != stringBytes[b &+ i] { return false }
            i &+= 1
        }
        return true
    }

    func hasPrefix(_ s: UInt64, _ x: UInt64) -> Bool {
        let a = bytes(s), b = bytes(x)
        return b.count <= a.count && same(a.start, b.start, b.count)
    }

    func hasSuffix(_ s: UInt64, _ x: UInt64) -> Bool {
        let a = bytes(s), b = bytes(x)
        return b.count <= a.count && same(a.start &+ a.count &- b.count, b.start, b.count)
    }

    /// Substring test on UTF-8 bytes (equivalent to scalar-wise search for valid UTF-8);
    /// the empty string is contained in every string.
    func containsString(_ s: UInt64, _ x: UInt64) -> Bool {
        let a = bytes(s), b = bytes(x)
        if b.count > a.count { return false }
        var i = 0
        while i <= a.count &- b.count {
            if same(a.start &+ i, b.start, b.count) { return true }
            i &+= 1
        }
        return false
    }

    /// Number of Unicode scalars: bytes that are not UTF-8 continuation bytes.
    func scalarCount(_ s: UInt64) -> Int {
        let a = bytes(s)
        var n = 0, i = 0
        while i < a.count {
            if stringBytes[a.start &+ i] & 0xC0 != 0x80 { n &+= 1 }
            i &+= 1
        }
        return n
    }

    /// Byte-wise UTF-8 comparison with nil rules (== and != follow Swift optionals,
    /// orderings are false with nil).
    func compareStrings(_ a: Slot, _ b: Slot, relation: UInt8) -> Bool {
        if a.isNil || b.isNil {
            switch relation {
            case 0: return a.isNil && b.isNil
            case 1: return !(a.isNil && b.isNil)
            default: return false
            }
        }
        let c = compareBytes(a.bits, b.bits)
        switch relation {
        case 0: return c == 0
        case 1: return c != 0
        case 2: return c < 0
        case 3: return c <= 0
        case 4: return c > 0
        default: return c >= 0
        }
    }

    /// -1, 0 or 1 as string `a` sorts before, equal to or after `b` by UTF-8 bytes.
    func compareBytes(_ a: UInt64, _ b: UInt64) -> Int {
        if a == b { return 0 }
        let x = bytes(a), y = bytes(b)
        let n = min(x.count, y.count)
        var i = 0
        while i < n {
            let p = stringBytes[x.start &+ i], q = stringBytes[y.start &+ i]
            if p != q { return p < q ? -1 : 1 }
            i &+= 1
        }
        return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
    }

    /// Binary search for string id `x` among set `set`'s ascending members.
    func setContains(_ set: UInt64, _ x: UInt64) -> Bool {
        var lo = Int(setStarts[Int(set)]), hi = Int(setStarts[Int(set) &+ 1])
        while lo < hi {
            let mid = lo &+ (hi &- lo) / 2
            let m = UInt64(setMembers[mid])
            if m == x { return true }
            if m < x { lo = mid &+ 1 } else { hi = mid }
        }
        return false
    }
}
