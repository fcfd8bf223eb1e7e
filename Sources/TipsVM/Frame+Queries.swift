import TipsBytecode

/// Event queries over the flat donation store.
///
/// Costs (n = donations of the event, w = donations inside the window):
/// visible range O(log n) (limit is O(1), maxAge one binary search); `countEvent` and
/// `countWithin` O(log n) (two binary searches); `countWhere` O(log n + w) scanning the
/// window; `countAtLeast` O(log n) unfiltered, and unfiltered/filtered it stops as soon
/// as k matches are found; `first`/`last` O(log n) unfiltered, O(log n + w) filtered
/// (stops at the first match from the respective end); groups O(w log w) (heap sort of
/// the keys in the VM's scratch buffer).
extension Frame {
    /// The donations of `event` that its limit keeps: the most recent `limit`, and with a
    /// maxAge only those with `now - maxAge <= t`. Absolute indices into `timestamps`.
    @inline(__always)
    func visible(event e: Int) -> Range<Int> {
        let start = eventStarts[e], end = eventStarts[e &+ 1]
        let limits = events[e]
        var lo = end &- start > limits.limit ? end &- limits.limit : start
        if limits.hasMaxAge { lo = lowerBound(lo, end, Frame.saturatingSubtract(now, limits.maxAge)) }
        return lo..<end
    }

    /// The visible donations inside the query's window (`now - W <= t <= now`), or all
    /// visible donations (future ones included) without a window.
    @inline(__always)
    func range(of q: QueryEntry) -> Range<Int> {
        let v = visible(event: q.event)
        guard q.hasWindow else { return v }
        let lo = lowerBound(v.lowerBound, v.upperBound, Frame.saturatingSubtract(now, q.window))
        return lo..<upperBound(lo, v.upperBound, now)
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

    /// First index in lo..<hi whose instant is > t.
    @inline(__always)
    func upperBound(_ lo: Int, _ hi: Int, _ t: Int64) -> Int {
        var lo = lo, hi = hi
        while lo < hi {
            let mid = lo &+ (hi &- lo) >> 1
            if timestamps[mid] <= t { lo = mid &+ 1 } else { hi = mid }
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

    /// Number of donations in the query's range passing its filter, stopping at `stopAt`.
    func countMatches(_ q: QueryEntry, stopAt: Int) -> Int {
        let r = range(of: q)
        if q.termStart == q.termEnd { return min(r.upperBound &- r.lowerBound, stopAt) }
        var n = 0, i = r.lowerBound
        while i < r.upperBound && n < stopAt {
            if matches(q, i) { n &+= 1 }
            i &+= 1
        }
        return n
    }

    /// Fused `count(q) >= k`. Unfiltered with a window it needs one binary search: the
    /// k-th latest donation at or before now must be inside the window.
    func atLeast(_ q: QueryEntry, _ k: Int) -> Bool {
        if k <= 0 { return true }
        guard q.termStart == q.termEnd else { return countMatches(q, stopAt: k) >= k }
        let v = visible(event: q.event)
        guard q.hasWindow else { return v.upperBound &- v.lowerBound >= k }
        let hi = upperBound(v.lowerBound, v.upperBound, now)
        let kth = hi &- k
        return kth >= v.lowerBound && timestamps[kth] >= Frame.saturatingSubtract(now, q.window)
    }

    /// Time of the first or last matching donation, or nil.
    func firstOrLast(_ q: QueryEntry, last: Bool) -> Slot {
        let r = range(of: q)
        if last {
            var i = r.upperBound
            while i > r.lowerBound {
                i &-= 1
                if matches(q, i) { return Slot(bits: UInt64(bitPattern: timestamps[i])) }
            }
        } else {
            var i = r.lowerBound
            while i < r.upperBound {
                if matches(q, i) { return Slot(bits: UInt64(bitPattern: timestamps[i])) }
                i &+= 1
            }
        }
        return .nil
    }

    /// Size of the largest (or smallest non-empty) group of matching donations by the
    /// query's group field; donations missing the field are in no group. Keys are copied
    /// to scratch and heap-sorted (in place, no allocation), then runs are counted.
    func groupSize(_ q: QueryEntry, largest: Bool) -> Int {
        let r = range(of: q)
        let start = eventStarts[q.event]
        let n = eventStarts[q.event &+ 1] &- start
        let column = payloadStarts[q.event] &+ q.groupField &* n
        var count = 0
        var i = r.lowerBound
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
