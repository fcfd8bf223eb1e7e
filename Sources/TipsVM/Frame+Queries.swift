import TipsBytecode

/// Event queries over the flat donation store.
///
/// Costs (n = donations of the event, w = donations inside the window, d = donations a
/// window boundary moved past since this VM last evaluated the query): every window
/// boundary (and a maxAge's) starts from the VM's cursor (`WindowCursor`), so the range
/// costs O(1) when nothing crossed it and O(log d) otherwise (at most O(log n)).
/// `countEvent`, `countWithin` and unfiltered `countAtLeast` are then O(1) on top;
/// `countWhere` is O(w) scanning the window, filtered `countAtLeast` stops as soon as k
/// matches are found; `first`/`last` are O(1) unfiltered, O(w) filtered (stopping at the
/// first match from the respective end); groups O(w log w) (heap sort of the keys in the
/// VM's scratch buffer). With a `MatchIndex` (explain's search) a filtered count, `first`
/// and `last` are O(1) after the range; groups still scan.
extension Frame {
    /// The donations of `event` that its limit keeps: the most recent `limit`, and with a
    /// maxAge only those with `now - maxAge <= t`. Absolute indices into `timestamps`.
    @inline(__always)
    func visible(event e: Int) -> Range<Int> {
        let start = eventStarts[e], end = eventStarts[e &+ 1]
        let limits = events[e]
        var lo = end &- start > limits.limit ? end &- limits.limit : start
        if limits.hasMaxAge {
            lo = seek(ageCursors[e], lo, end, Frame.saturatingSubtract(now, limits.maxAge))
            ageCursors[e] = lo
        }
        return lo..<end
    }

    /// The visible donations inside query `qi`'s window (`now - W <= t <= now`), or all
    /// visible donations (future ones included) without a window. Both ends start from
    /// the query's cursor, which is left at the answer.
    @inline(__always)
    func range(of qi: Int) -> Range<Int> {
        let q = queries[qi]
        let v = visible(event: q.event)
        guard q.hasWindow else { return v }
        let c = cursors[qi]
        let lo = seek(c.lo, v.lowerBound, v.upperBound, Frame.saturatingSubtract(now, q.window))
        // t <= now is t >= now + 1 on integer instants; nothing is after Int64.max.
        let hi = now == .max ? v.upperBound : seek(c.hi, lo, v.upperBound, now &+ 1)
        cursors[qi] = WindowCursor(lo: lo, hi: hi)
        return lo..<hi
    }

    /// First index in lo..<hi whose instant is >= t.
    @inline(__always)
    func lowerBound(_ lo: Int, _ hi: Int, _ t: Int64) -> Int {
        var lo = lo, hi = hi
        while lo < hi {
            let mid = lo &+ (hi &- lo) >> 1
            if timestamps[mid] < t { lo = mid &+ 1 } else { hi = mid }
        }
        return lo
    }

    /// a - b clamped to Int64's range (a window reaching before the epoch of Int64).
    @inline(__always)
    static func saturatingSubtract(_ a: Int64, _ b: Int64) -> Int64 {
        let (r, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? (b > 0 ? .min : .max) : r
    }

    /// Whether donation `i` (absolute index) of `q`'s event passes every filter term.
    @inline(__always)
    func matches(_ q: QueryEntry, _ i: Int) -> Bool {
        let start = eventStarts[q.event]
        let n = eventStarts[q.event &+ 1] &- start
        let row = payloadStarts[q.event] &+ (i &- start)
        var t = q.termStart
        while t < q.termEnd {
            let term = terms[t]
            let v = payload[row &+ term.field &* n]
            if v.isNil || !test(term, v.bits) { return false }
            t &+= 1
        }
        return true
    }

    @inline(__always)
    private func test(_ term: TermEntry, _ v: UInt64) -> Bool {
        let c: Int
        switch term.comparison {
        case TermEntry.integer:
            let x = Int64(bitPattern: v), y = Int64(bitPattern: term.bits)
            c = x < y ? -1 : (x == y ? 0 : 1)
        case TermEntry.double, TermEntry.intAsDouble:
            let x = term.comparison == TermEntry.double ? Double(bitPattern: v) : Double(Int64(bitPattern: v))
            let y = Double(bitPattern: term.bits)
            if x.isNaN || y.isNaN { return false }
            c = x < y ? -1 : (x == y ? 0 : 1)
        default:
            c = compareBytes(v, term.bits)
        }
        switch term.relation {
        case Relation.eq.rawValue: return c == 0
        case Relation.ne.rawValue: return c != 0
        case Relation.lt.rawValue: return c < 0
        case Relation.le.rawValue: return c <= 0
        case Relation.gt.rawValue: return c > 0
        case Relation.ge.rawValue: return c >= 0
        case Relation.isTrue.rawValue: return v != 0
        default: return v == 0
        }
    }

    /// Number of donations in query `qi`'s range passing its filter, stopping at `stopAt`.
    func countMatches(_ qi: Int, stopAt: Int) -> Int {
        let q = queries[qi]
        let r = range(of: qi)
        if q.termStart == q.termEnd { return min(r.upperBound &- r.lowerBound, stopAt) }
        if let tables = matchTables, let before = tables[qi].before {
            let start = eventStarts[q.event]
            return min(before[r.upperBound &- start] &- before[r.lowerBound &- start], stopAt)
        }
        var n = 0, i = r.lowerBound
        while i < r.upperBound && n < stopAt {
            if matches(q, i) { n &+= 1 }
            i &+= 1
        }
        scanned.pointee &+= i &- r.lowerBound
        return n
    }

    /// The number of donations of `q`'s event passing its filter before each of its rows,
    /// into `before` (rows + 1 entries): one pass, for `TimeInputs` and `MatchIndex`.
    func countMatchesBefore(_ q: QueryEntry, into before: UnsafeMutablePointer<Int>) {
        let start = eventStarts[q.event], end = eventStarts[q.event &+ 1]
        before[0] = 0
        var i = start
        while i < end {
            before[i &- start &+ 1] = before[i &- start] &+ (matches(q, i) ? 1 : 0)
            i &+= 1
        }
        scanned.pointee &+= end &- start
    }

    /// Fused `count(q) >= k` for query `qi`: unfiltered, the size of its (cursor-kept)
    /// range; filtered, the scan stops at the k-th match.
    func atLeast(_ qi: Int, _ k: Int) -> Bool {
        if k <= 0 { return true }
        let q = queries[qi]
        guard q.termStart == q.termEnd else { return countMatches(qi, stopAt: k) >= k }
        let r = range(of: qi)
        return r.upperBound &- r.lowerBound >= k
    }

    /// Time of the first or last donation of query `qi` passing its filter, or nil.
    func firstOrLast(_ qi: Int, last: Bool) -> Slot {
        let q = queries[qi]
        let r = range(of: qi)
        if q.termStart == q.termEnd {
            if r.isEmpty { return .nil }
            return Slot(bits: UInt64(bitPattern: timestamps[last ? r.upperBound &- 1 : r.lowerBound]))
        }
        if let tables = matchTables, let before = tables[qi].before, let positions = tables[qi].positions {
            let start = eventStarts[q.event]
            let a = before[r.lowerBound &- start], b = before[r.upperBound &- start]
            if a == b { return .nil }
            return Slot(bits: UInt64(bitPattern: timestamps[positions[last ? b &- 1 : a]]))
        }
        if last {
            var i = r.upperBound
            while i > r.lowerBound {
                i &-= 1
                if matches(q, i) {
                    scanned.pointee &+= r.upperBound &- i
                    return Slot(bits: UInt64(bitPattern: timestamps[i]))
                }
            }
        } else {
            var i = r.lowerBound
            while i < r.upperBound {
                if matches(q, i) {
                    scanned.pointee &+= i &+ 1 &- r.lowerBound
                    return Slot(bits: UInt64(bitPattern: timestamps[i]))
                }
                i &+= 1
            }
        }
        scanned.pointee &+= r.upperBound &- r.lowerBound
        return .nil
    }

    /// Size of the largest (or smallest non-empty) group of matching donations by the
    /// query's group field; donations missing the field are in no group. Keys are copied
    /// to scratch and heap-sorted (in place, no allocation), then runs are counted.
    func groupSize(_ qi: Int, largest: Bool) -> Int {
        let q = queries[qi]
        let r = range(of: qi)
        let start = eventStarts[q.event]
        let n = eventStarts[q.event &+ 1] &- start
        let column = payloadStarts[q.event] &+ q.groupField &* n
        var count = 0
        var i = r.lowerBound
        scanned.pointee &+= r.upperBound &- r.lowerBound
        while i < r.upperBound {
            let v = payload[column &+ (i &- start)]
            if !v.isNil && matches(q, i) {
                scratch[count] = q.groupIsDouble ? Frame.doubleKey(v.bits) : v.bits
                count &+= 1
            }
            i &+= 1
        }
        if count == 0 { return 0 }
        heapSort(scratch, count)
        var best = largest ? 0 : Int.max
        var run = 1
        var j = 1
        while j <= count {
            if j < count && scratch[j] == scratch[j &- 1] {
                run &+= 1
            } else {
                best = largest ? max(best, run) : min(best, run)
                run = 1
            }
            j &+= 1
        }
        return best
    }

    /// The number of distinct local days (in the device's zone, each donation's day by the
    /// offset in force at its own instant) among the donations in query `qi`'s range that
    /// pass its filter. Days ascend with the donations except across an offset change that
    /// moves the wall clock back over midnight; then the day numbers are sorted in scratch
    /// (no allocation) and counted as groups are.
    func distinctDays(_ qi: Int) -> Int {
        let q = queries[qi]
        let r = range(of: qi)
        if r.isEmpty { return 0 }
        let filtered = q.termStart != q.termEnd
        scanned.pointee &+= r.upperBound &- r.lowerBound
        // The zone entry in force at the first donation, then walked forward with them.
        var z = 0
        if let tr = zoneTransitions {
            var lo = 0, hi = zoneTransitionCount
            let t0 = timestamps[r.lowerBound]
            while lo < hi {
                let mid = lo &+ (hi &- lo) >> 1
                if tr[mid] <= t0 { lo = mid &+ 1 } else { hi = mid }
            }
            z = lo
        }
        var count = 0, last = Int64.min, n = 0, ordered = true
        var i = r.lowerBound
        while i < r.upperBound {
            if !filtered || matches(q, i) {
                let t = timestamps[i]
                while z < zoneTransitionCount, let tr = zoneTransitions, tr[z] <= t { z &+= 1 }
                let day = CivilDate.day(t &+ zoneOffsets[z])
                if day > last { count &+= 1; last = day } else if day < last { ordered = false }
                scratch[n] = UInt64(bitPattern: day); n &+= 1
            }
            i &+= 1
        }
        if ordered { return count }
        // Day numbers as signed values: sort with the sign bit flipped so order is kept.
        var j = 0
        while j < n { scratch[j] ^= 1 << 63; j &+= 1 }
        heapSort(scratch, n)
        var distinct = 1
        j = 1
        while j < n { if scratch[j] != scratch[j &- 1] { distinct &+= 1 }; j &+= 1 }
        return distinct
    }

    /// Double keys group by `==`, except that all NaNs form one group: -0 becomes 0 and
    /// every NaN one canonical NaN.
    @inline(__always)
    static func doubleKey(_ bits: UInt64) -> UInt64 {
        let d = Double(bitPattern: bits)
        if d.isNaN { return Double.nan.bitPattern }
        return d == 0 ? 0 : bits
    }
}

/// In-place heap sort (the standard library's sort may allocate a merge buffer).
func heapSort(_ a: UnsafeMutablePointer<UInt64>, _ n: Int) {
    func siftDown(_ start: Int, _ end: Int) {
        var root = start
        while true {
            var child = 2 &* root &+ 1
            if child >= end { return }
            if child &+ 1 < end && a[child] < a[child &+ 1] { child &+= 1 }
            if a[root] >= a[child] { return }
            let t = a[root]; a[root] = a[child]; a[child] = t
            root = child
        }
    }
    var start = n / 2
    while start > 0 { start &-= 1; siftDown(start, n) }
    var end = n
    while end > 1 {
        end &-= 1
        let t = a[0]; a[0] = a[end]; a[end] = t
        siftDown(0, end)
    }
}
