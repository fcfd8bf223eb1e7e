extension Engine {
    /// The current value for an observer's target.
    func value(of target: ObservedTarget) -> ObservedValue {
        switch target {
        case .tip(let r): return .status(status(r))
        case .group(let g): return .current(currentMember(ofGroup: g)?.tip)
        }
    }

    /// Adds an observer; its current value is delivered at once.
    mutating func addObserver(_ target: ObservedTarget, _ sink: ObserverSink, deliveries: DeliveryQueue) -> Int {
        nextObserverID &+= 1
        observers[nextObserverID] = Observer(target: target, sink: sink, last: nil)
        notify(deliveries: deliveries)
        return nextObserverID
    }

    /// Tells every observer whose value changed since it was last told (streams are fed
    /// here, under the lock, so their order is the order of changes; callbacks go to the
    /// delivery queue).
    mutating func notify(deliveries: DeliveryQueue) {
        for id in observers.keys.sorted() {
            guard var o = observers[id] else { continue }
            let v = value(of: o.target)
            guard v != o.last else { continue }
            o.last = v
            observers[id] = o
            // A stream whose reader is gone reports `.terminated`: drop it here too (its
            // onTermination may have run before the observer was registered).
            switch (o.sink, v) {
            case (.statusStream(let c), .status(let s)):
                if case .terminated = c.yield(s) { observers[id] = nil }
            case (.groupStream(let c), .current(let t)):
                if case .terminated = c.yield(t) { observers[id] = nil }
            case (.callback(let f), _): deliveries.enqueue { f(v) }
            default: break
            }
        }
    }

    /// Tips whose statuses time could change and that someone watches: observed tips,
    /// members of observed groups, and every displayed tip (its duration limit must be
    /// recorded even if nobody watches).
    func watchedTips() -> [ResolvedTip] {
        var out: [ResolvedTip] = []
        for o in observers.values {
            switch o.target {
            case .tip(let r): out.append(r)
            case .group(let g): out += catalog.bundle.groups[g].members.map { plain(Int($0)) }
            }
        }
        for id in openIDs {
            if let i = tipIndex(forID: id) {
                out.append(instances[id] ?? ResolvedTip(index: i, id: id, tip: Tip(catalog.tipName(i)), arguments: []))
            }
        }
        return out
    }

    /// The earliest instant after `rules.now` at which time alone could change a watched
    /// status or make a duration invalidation due. See `TipFootprint` for the candidates.
    func nextBreakpoint() -> Int64? {
        let now = rules.now
        var best: Int64? = nil
        func consider(_ t: Int64) {
            if t > now, best.map({ t < $0 }) ?? true { best = t }
        }
        var seenIndices = Set<Int>()
        for r in watchedTips() {
            if let at = durationLimitInstant(r) { consider(at) }
            guard seenIndices.insert(r.index).inserted else { continue }
            let f = catalog.footprints[r.index]
            guard f.timeDependent else { continue }
            var dates = f.dateConstants
            for p in f.dateParams where !rules.params[p].isNil { dates.append(rules.params[p].intValue) }
            for o in f.offsets {
                for x in dates { consider(x.addingReportingOverflow(o).partialValue) }
                // The earliest donation instant x with x + o > now, per event (sorted).
                let (threshold, overflow) = now.subtractingReportingOverflow(o)
                for e in f.events {
                    let times = rules.donations.timestamps(of: e)
                    if overflow {
                        // now - o below Int64.min: every donation qualifies (o > 0); above max: none.
                        if o > 0, let first = times.first { consider(first.addingReportingOverflow(o).partialValue) }
                        continue
                    }
                    var lo = times.startIndex, hi = times.endIndex
                    while lo < hi {
                        let mid = lo + (hi - lo) / 2
                        if times[mid] <= threshold { lo = mid + 1 } else { hi = mid }
                    }
                    if lo < times.endIndex { consider(times[lo].addingReportingOverflow(o).partialValue) }
                }
            }
        }
        if let end = cooldownEnd() { consider(end) }
        return best
    }

    /// Re-arms the clock for the next breakpoint (cancelling a wake-up that is no longer
    /// the earliest one).
    mutating func reschedule(clock: any TipClock, makeWakeUp: () -> TipWakeUp) {
        let next = isClosed ? nil : nextBreakpoint()
        if next == wakeAt, wakeUp?.isPending ?? (next == nil) { return }
        wakeUp?.cancel()
        wakeUp = nil
        wakeAt = next
        guard let next else { return }
        let w = makeWakeUp()
        wakeUp = w
        clock.schedule(w, at: next)
    }
}
