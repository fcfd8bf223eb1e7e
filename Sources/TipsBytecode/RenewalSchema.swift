/// `resetEligibility after D` of one tip (format version 12, the `renewals` section): the
/// interval after which an invalidated tip returns to rule evaluation by itself, as the
/// app's `resetEligibility` would return it, so a seasonal tip comes back next season
/// under the same id.
public struct RenewalSchema: Hashable, Sendable {
    /// Index into the bundle's tips.
    public var tip: UInt32
    /// Milliseconds from the invalidation to the reset, in ``intervals``.
    public var after: Int64

    /// The intervals a bundle may hold: at least a millisecond, at most 100 years (the
    /// checker asks for more than a minute).
    public static let intervals: ClosedRange<Int64> = 1...(100 * 366 * 86_400_000)

    public init(tip: UInt32, after: Int64) {
        self.tip = tip
        self.after = after
    }
}
