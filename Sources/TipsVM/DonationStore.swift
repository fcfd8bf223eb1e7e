/// All donations of all events in flat, contiguous arrays, so the VM reads them through
/// raw pointers with no per-event array (and no reference counting) in its loop.
///
/// Event e's timestamps are `timestamps[eventStarts[e] ..< eventStarts[e + 1]]`, sorted
/// ascending (equal instants keep donation order). Its payload is column-major: field f
/// of row r is `payload[payloadStarts[e] + f * n + r]` where n is the event's donation
/// count, so a filter scans one contiguous column. A nil slot marks a missing field.
public struct DonationStore: Sendable {
    public private(set) var timestamps: [Int64] = []
    public private(set) var eventStarts: [Int]
    public private(set) var payload: [Slot] = []
    public private(set) var payloadStarts: [Int]
    /// Payload fields per event.
    public let fieldCounts: [Int]
    /// The most donations any one event holds (sizes the VM's grouping scratch).
    public private(set) var largestEventCount = 0

    /// An empty store for events with these payload field counts.
    public init(fieldCounts: [Int]) {
        self.fieldCounts = fieldCounts
        eventStarts = Array(repeating: 0, count: fieldCounts.count + 1)
        payloadStarts = eventStarts
    }

    /// Number of stored donations of `event` (visible or not).
    public func count(event: Int) -> Int { eventStarts[event + 1] - eventStarts[event] }

    /// Stored instants of `event`, ascending.
    public func timestamps(of event: Int) -> ArraySlice<Int64> { timestamps[eventStarts[event]..<eventStarts[event + 1]] }

    /// Field `field` of row `row` of `event`.
    public func field(_ field: Int, row: Int, of event: Int) -> Slot {
        payload[payloadStarts[event] + field * count(event: event) + row]
    }

    /// Inserts a donation in instant order. `values.count` must equal the field count.
    mutating func insert(event e: Int, at t: Int64, values: [Slot]) {
        let start = eventStarts[e], end = eventStarts[e + 1], n = end - start
        var lo = start, hi = end
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if timestamps[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        let row = lo - start
        timestamps.insert(t, at: lo)
        let base = payloadStarts[e]
        for f in stride(from: fieldCounts[e] - 1, through: 0, by: -1) {
            payload.insert(values[f], at: base + f * n + row)
        }
        for later in (e + 1)..<eventStarts.count {
            eventStarts[later] += 1
            payloadStarts[later] += fieldCounts[e]
        }
        largestEventCount = max(largestEventCount, n + 1)
    }

    /// Removes the `k` oldest donations of `event`.
    mutating func removeOldest(event e: Int, count k: Int) {
        let n = count(event: e), fields = fieldCounts[e], k = min(max(k, 0), n)
        guard k > 0 else { return }
        let start = eventStarts[e], base = payloadStarts[e]
        // Columns are laid out per field, so drop each column's first k rows, last field first.
        for f in stride(from: fields - 1, through: 0, by: -1) {
            payload.removeSubrange((base + f * n)..<(base + f * n + k))
        }
        timestamps.removeSubrange(start..<(start + k))
        for later in (e + 1)..<eventStarts.count {
            eventStarts[later] -= k
            payloadStarts[later] -= k * fields
        }
    }

    /// Removes every donation of `event`.
    mutating func removeAll(event e: Int) {
        let n = count(event: e), fields = fieldCounts[e]
        timestamps.removeSubrange(eventStarts[e]..<eventStarts[e + 1])
        payload.removeSubrange(payloadStarts[e]..<(payloadStarts[e] + n * fields))
        for later in (e + 1)..<eventStarts.count {
            eventStarts[later] -= n
            payloadStarts[later] -= n * fields
        }
    }
}
