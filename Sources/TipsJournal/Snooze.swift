/// A tip's snooze ("Remind me later"): hidden until `until`, after `count` snoozes.
///
/// Journal line type `snooze`: `{"t":"snooze","at":A,"tip":ID,"until":U,"count":N}`, written
/// when the user performs an action with a `snooze` effect. `count` is the number of the
/// snooze (1 for the first), so a compacted journal keeps how many were used without a
/// count in the `tip` snapshot. Two snoozes of one tip join by the later `until`, the
/// larger `count` and the later `at` (order-independent, as a merge needs).
public struct Snooze: Sendable, Hashable {
    /// The instant (ms) until which the tip is not available; it comes back at `until`.
    public var until: Int64
    /// Snoozes used so far (>= 1).
    public var count: Int64
    /// When the latest snooze was recorded.
    public var at: Int64

    public init(until: Int64, count: Int64, at: Int64) {
        self.until = until
        self.count = count
        self.at = at
    }

    /// The join of two snoozes of one tip: latest `until` wins, and the larger count.
    public func joined(_ o: Snooze) -> Snooze {
        Snooze(until: max(until, o.until), count: max(count, o.count), at: max(at, o.at))
    }

    /// `a` joined with `b`, either possibly absent.
    public static func join(_ a: Snooze?, _ b: Snooze) -> Snooze { a.map { $0.joined(b) } ?? b }

    /// One `snooze` record per tip, by tip id in byte order (compaction and merges).
    static func records(_ snoozes: [String: Snooze]) -> [JournalRecord] {
        snoozes.keys.sorted(by: utf8Less).compactMap { tip in
            snoozes[tip].map { .snooze(tip: tip, until: $0.until, count: $0.count, at: $0.at) }
        }
    }
}
