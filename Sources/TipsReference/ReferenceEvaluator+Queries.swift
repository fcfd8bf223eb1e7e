import TipsCheck

/// Event queries over plain donation arrays.
extension ReferenceEvaluator {
    /// The donations of `event` its limits keep at `now`: sorted by time (equal times in
    /// donation order), the most recent `limit`, and with a maximum age only those with
    /// `now - maxAge <= t`. Future donations are kept.
    public func visibleDonations(event: Int, in state: ReferenceState) -> [ReferenceDonation] {
        visibleIndices(event: event, in: state).map { state.donations[event][$0] }
    }

    /// Indices into `state.donations[event]` of the visible donations, in time order.
    func visibleIndices(event: Int, in state: ReferenceState) -> [Int] {
        let e = model.events[event]
        let times = state.donations[event].map(\.time)
        // Stable by time; donations usually arrive in time order, which needs no sorting.
        var inOrder = true
        for i in times.indices.dropFirst() where times[i - 1] > times[i] { inOrder = false }
        let sorted = inOrder ? Array(times.indices)
            : times.indices.sorted { a, b in times[a] != times[b] ? times[a] < times[b] : a < b }
        var kept = Array(sorted.suffix(max(e.limit, 0)))
        if let maxAge = e.maxAge {
            kept = kept.filter { ReferenceEvaluator.isAtOrAfter(times[$0], state.now, minus: maxAge) }
        }
        return kept
    }

    /// Whether `t >= now - span`, computed without overflow (`now - span` may lie before
    /// the smallest Int64, in which case every instant qualifies).
    static func isAtOrAfter(_ t: Int64, _ now: Int64, minus span: Int64) -> Bool {
        let (start, overflow) = now.subtractingReportingOverflow(span)
        if overflow { return span > 0 }
        return t >= start
    }

    /// The donations `q` aggregates: visible, inside its window, passing its filter.
    func matchingDonations(_ q: EventQuery, in state: ReferenceState) -> [ReferenceDonation] {
        var result: [ReferenceDonation] = []
        for index in visibleIndices(event: q.event, in: state) {
            let d = state.donations[q.event][index]
            if let w = q.window {
                guard ReferenceEvaluator.isAtOrAfter(d.time, state.now, minus: w), d.time <= state.now else { continue }
            }
            if passes(d, q.filter, event: q.event, arguments: state.arguments) { result.append(d) }
        }
        return result
    }

    /// Whether donation `d` passes every comparison; a missing field fails.
    func passes(_ d: ReferenceDonation, _ filter: [FilterComparison], event: Int,
                arguments: [ReferenceValue] = []) -> Bool {
        for c in filter {
            let name = model.events[event].fields[c.field].name
            guard var v = d.payload[name] else { return false }
            if c.domain == .double, case .int(let i) = v { v = .double(Double(i)) }
            let constant = c.argument.map { arguments.indices.contains($0) ? arguments[$0] : .none }
                ?? ReferenceEvaluator.value(of: c.value)
            if !ReferenceEvaluator.compare(c.op, v, constant) { return false }
        }
        return true
    }

    func query(_ q: EventQuery, in state: ReferenceState) -> ReferenceValue {
        let matching = matchingDonations(q, in: state)
        switch q.function {
        case .count:
            return .int(Int64(matching.count))
        case .first:
            return matching.map(\.time).min().map { .date($0) } ?? .none
        case .last:
            return matching.map(\.time).max().map { .date($0) } ?? .none
        case .days:
            let days = Set(matching.map { ReferenceEvaluator.localDate($0.time, zone: state.timeZone) })
            return .int(Int64(days.count))
        case .largestGroup, .smallestGroup:
            guard let g = q.groupBy else { return .int(0) }
            let name = model.events[q.event].fields[g].name
            // Groups of equal values; all NaNs form one group, 0 and -0 another.
            var groups: [(key: ReferenceValue, size: Int)] = []
            for d in matching {
                guard let key = d.payload[name] else { continue }
                if let i = groups.firstIndex(where: { ReferenceEvaluator.sameGroup($0.key, key) }) {
                    groups[i].size += 1
                } else {
                    groups.append((key, 1))
                }
            }
            let sizes = groups.map(\.size)
            let size = q.function == .largestGroup ? sizes.max() : sizes.min()
            return .int(Int64(size ?? 0))
        }
    }

    static func sameGroup(_ a: ReferenceValue, _ b: ReferenceValue) -> Bool {
        switch (a, b) {
        case (.double(let x), .double(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.string(let x), .string(let y)): return Array(x.utf8) == Array(y.utf8)
        default: return a == b
        }
    }
}

extension ReferenceEvaluator {
    /// Whether trigger `trigger` of tip `tip` (`invalidate when e where ...`) fires for a
    /// donation of event `event`: the event matches and the payload passes the filter.
    public func triggerFires(tip: Int, trigger: Int, event: Int, donation: ReferenceDonation) -> Bool {
        let t = model.tips[tip].invalidations[trigger]
        return t.event == event && passes(donation, t.filter, event: event)
    }
}
