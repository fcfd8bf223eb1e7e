/// The device's time zone as rules read it: the offset from UTC in force at each instant,
/// as a sorted list of the instants where it changes. Plain data, made by the runtime from
/// Foundation's `TimeZone` once (and again when the zone changes or time leaves the span
/// it covers), so the VM finds an offset by a binary search over a few dozen entries and
/// never calls the calendar while it runs.
public struct LocalZone: Sendable, Hashable {
    /// The zone's identifier (`Europe/Berlin`), for explanations.
    public var identifier: String
    /// Instants (ms since the Unix epoch), ascending, at which the offset changes.
    public private(set) var transitions: [Int64]
    /// Offsets from UTC (ms): `offsets[i]` holds before `transitions[i]`, the last one after
    /// the last transition; `transitions.count + 1` entries.
    public private(set) var offsets: [Int64]

    /// A zone with these transitions; nil unless `offsets` has one entry more than
    /// `transitions` and the transitions ascend strictly.
    public init?(identifier: String, transitions: [Int64], offsets: [Int64]) {
        guard offsets.count == transitions.count + 1,
              zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        self.identifier = identifier
        self.transitions = transitions
        self.offsets = offsets
    }

    /// A zone whose offset never changes (`fixed(identifier: "UTC", offset: 0)`).
    public static func fixed(identifier: String, offset: Int64) -> LocalZone {
        LocalZone(identifier: identifier, transitions: [], offsets: [offset]).unsafelyUnwrapped
    }

    /// UTC: what rules see until the runtime sets the device's zone.
    public static let utc = LocalZone.fixed(identifier: "UTC", offset: 0)

    /// The offset from UTC (ms) in force at instant `t`.
    public func offset(at t: Int64) -> Int64 {
        transitions.withUnsafeBufferPointer { tr in
            offsets.withUnsafeBufferPointer { LocalZone.offset(at: t, tr.baseAddress, tr.count, $0.baseAddress.unsafelyUnwrapped) }
        }
    }

    /// `offset(at:)` over raw tables: the last transition at or before `t` decides.
    @inline(__always)
    static func offset(at t: Int64, _ transitions: UnsafePointer<Int64>?, _ count: Int,
                       _ offsets: UnsafePointer<Int64>) -> Int64 {
        guard let transitions, count > 0 else { return offsets[0] }
        var lo = 0, hi = count
        while lo < hi {
            let mid = lo &+ (hi &- lo) >> 1
            if transitions[mid] <= t { lo = mid &+ 1 } else { hi = mid }
        }
        return offsets[lo]
    }
}
