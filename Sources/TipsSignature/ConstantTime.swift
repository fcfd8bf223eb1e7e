/// Comparisons whose time depends on the lengths of their inputs, never on their contents:
/// for signatures, digests and anything else an attacker could probe byte by byte.
public enum ConstantTime {
    /// Whether `a` and `b` hold the same bytes. Different lengths are unequal at once (a
    /// length is not a secret).
    public static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in a.indices { difference |= a[i] ^ b[i] }
        return difference == 0
    }
}
