import TipsBytecode
import TipsVM
extension Engine {
    /// The current value for an observer's target.
    func value(of target: ObservedTarget) -> ObservedValue {
        switch target {
        case .tip(let r): return .status(status(r))
        case .group(let g): return .current(currentMember(ofGroup: g)?.tip)
        case .gone(let v): return v
        case .removedTip: return .status(.notInLiveCatalog)
        }
    }

    /// Adds an observer; its current value is delivered at once.
    mutating func addObserver(_ target: ObservedTarget, _ sink: ObserverSink, deliveries: DeliveryQueue) -> Int {
        nextObserverID &+= 1
        observers[nextObserverID] = Observer(target: target, sink: sink, last: nil)
        switch target {
        case .tip(let r): observersOfTip[r.index, default: []].append(nextObserverID)
        case .group(let g): observersOfGroup[g, default: []].append(nextObserverID)
        case .gone, .removedTip: break
        }
        changes.newObservers.append(nextObserverID)
        breakpoints.valid = false
        notify(deliveries: deliveries)
        return nextObserverID
    }

    /// Tells every observer whose value changed since it was last told (streams are fed
    /// here, under the lock, so their order is the order of changes; callbacks go to the
    /// delivery queue).
    ///
    /// Only observers that could see a change are evaluated: those of tips whose inputs
    /// changed (`changes`), and of their groups. Everything is evaluated after a change
    /// that may touch every tip, or when time went back or reached `wakeAt` (before that
    /// instant time alone changes no watched status: that is how `wakeAt` is chosen).
    mutating func notify(deliveries: DeliveryQueue) {
        if rules.now != notifiedAt {
            if rules.now < notifiedAt || !wakeAtKnown || wakeAt.map({ rules.now >= $0 }) ?? false { changes.all = true }
            notifiedAt = rules.now
        }
        if changes.isEmpty { return }
        // With priorities, one tip's status can hang on any other's: tell everyone.
        if catalog.budgets.hasPriorities, catalog.budgets.hasBudget { changes.all = true }
        let ids: [Int]
        if changes.all {
            ids = observers.keys.sorted()
        } else {
            var list = changes.newObservers
            func add(_ t: Int) {
                if let o = observersOfTip[t] { list += o }
                if let g = catalog.groupOfTip[t], let o = observersOfGroup[g] { list += o }
            }
            for t in changes.tips { add(t) }
            let deps = catalog.dependencies
            for e in changes.events { for t in deps.readersOfEvent[e] { add(t) } }
            for p in changes.params { for t in deps.readersOfParam[p] { add(t) } }
            list.sort()
            ids = list
        }
        changes = ChangeSet(all: false)
        var previous = -1
        for id in ids where id != previous {
            previous = id
            tell(id, deliveries: deliveries)
        }
        if observersOfTip.count + observersOfGroup.count > 2 * observers.count + 16 { pruneObserverIndex() }
    }

    /// Re-evaluates observer `id` and tells it if its value changed.
    private mutating func tell(_ id: Int, deliveries: DeliveryQueue) {
        guard var o = observers[id] else { return }
        let v: ObservedValue
        if case .effectiveness = o.sink, case .tip(let r) = o.target { v = .phase(phase(r)) } else { v = value(of: o.target) }
        guard v != o.last else { return }
        let old = o.last
        o.last = v
        observers[id] = o
        // A stream whose reader is gone reports `.terminated`: drop it here too (its
        // onTermination may have run before the observer was registered).
        switch (o.sink, v) {
        case (.statusStream(let c), .status(let s)):
            if case .terminated = c.yield(s) { dropObserver(id) }
        case (.groupStream(let c), .current(let t)):
            if case .terminated = c.yield(t) { dropObserver(id) }
        case (.callback(let f), _):
            deliveries.enqueue { f(v) }
            enqueuedDeliveries = true
        case (.effectiveness, .phase(let p)):
            if case .tip(let r) = o.target {
                var was: TipPhase? = nil
                if case .phase(let q) = old { was = q }
                phaseChanged(r, from: was, to: p)
            }
        default: break
        }
    }

    /// Forgets observer `id` (its tips are no longer watched).
    private mutating func dropObserver(_ id: Int) {
        observers[id] = nil
        breakpoints.valid = false
    }

    /// Drops ids of removed observers from the indexes (they are skipped anyway).
    private mutating func pruneObserverIndex() {
        let live = observers
        observersOfTip = observersOfTip.compactMapValues { ids in
            let kept = ids.filter { live[$0] != nil }
            return kept.isEmpty ? nil : kept
        }
        observersOfGroup = observersOfGroup.compactMapValues { ids in
            let kept = ids.filter { live[$0] != nil }
            return kept.isEmpty ? nil : kept
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
            case .group(let g): out += groupMembers(g)
            case .gone, .removedTip: break
            }
        }
        for id in openIDs {
            if let i = tipIndex(forID: id) {
                out.append(instances[id] ?? ResolvedTip(index: i, id: id, tip: TipKey(catalog.tipName(i)), arguments: []))
            }
        }
        return out
    }

    /// The earliest instant after `rules.now` at which time alone could change a watched
    /// status or make a duration invalidation due. See `TipFootprint` for the candidates.
    /// Computed from scratch (the explanation's search uses it; `reschedule` keeps the
    /// same answer incrementally, see `incrementalBreakpoint`).
    func nextBreakpoint() -> Int64? {
        var best: Int64? = nil
        func consider(_ t: Int64?) {
            if let t, t > rules.now, best.map({ t < $0 }) ?? true { best = t }
        }
        var seenIndices = Set<Int>()
        for r in watchedTips() {
            consider(durationLimitInstant(r))
            consider(snoozedUntil(r))
            consider(nextRenewal(of: r))
            guard seenIndices.insert(r.index).inserted else { continue }
            consider(tipBreakpoint(r.index))
        }
        consider(cooldownEnd())
        if catalog.budgets.perDay > 0 { consider(nextLocalDayStart(after: rules.now)) }
        return best
    }

    /// The earliest instant after `rules.now` at which time alone could change tip
    /// `index`'s rules (nil: never, or not time-dependent).
    func tipBreakpoint(_ index: Int) -> Int64? {
        let now = rules.now
        var best: Int64? = nil
        func consider(_ t: Int64) {
            if t > now, best.map({ t < $0 }) ?? true { best = t }
        }
        let f = catalog.footprints[index]
        guard f.timeDependent else { return nil }
        var dates = f.dateConstants
        for p in f.dateParams where !rules.params[p].isNil { dates.append(rules.params[p].intValue) }
        for l in f.lifetimes {
            if let t = l == Int(LifetimeInstant.installed.rawValue) ? rules.installedAt : rules.appUpdatedAt { dates.append(t) }
        }
        if f.readsLocalTime, let t = Engine.nextLocalChange(after: now, in: rules.zone, timesOfDay: f.timesOfDay) { consider(t) }
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
        return best
    }

    /// The first instant after `now` at which the local wall clock of `zone` reads a new
    /// day (local midnight) or one of `timesOfDay` (or 1 ms past it, for `>`), or the zone's
    /// offset changes: where a rule reading the local calendar can change. A wall time the
    /// zone skips (a spring-forward gap) maps to the instant the clock jumps past it.
    static func nextLocalChange(after now: Int64, in zone: LocalZone, timesOfDay: [Int64]) -> Int64? {
        var best: Int64? = nil
        func consider(_ t: Int64) { if t > now, best.map({ t < $0 }) ?? true { best = t } }
        if let t = zone.transitions.first(where: { $0 > now }) { consider(t) }
        let offset = zone.offset(at: now)
        let (local, overflow) = now.addingReportingOverflow(offset)
        guard !overflow else { return best }
        let today = CivilDate.day(local) &* CivilDate.dayMs
        for day in 0...1 {
            for tod in [0] + timesOfDay + timesOfDay.map({ $0 &+ 1 }) {
                let wall = today &+ Int64(day) &* CivilDate.dayMs &+ tod
                var t = wall &- offset
                let there = zone.offset(at: t)
                if there != offset { t = wall &- there }
                consider(t)
            }
        }
        return best
    }

    /// `nextBreakpoint()`, recomputing only the tips whose inputs changed or whose
    /// breakpoint time has reached: a tip's next breakpoint after t stays its next one
    /// after any later t' below it, until its inputs change.
    mutating func incrementalBreakpoint() -> Int64? {
        let now = rules.now
        var cache = breakpoints
        breakpoints = BreakpointCache()
        if !cache.valid || now < cache.computedAt {
            cache = BreakpointCache()
            for o in observers.values {
                switch o.target {
                case .tip(let r): cache.watched.insert(r.index)
                case .group(let g): for m in catalog.bundle.groups[g].members { cache.watched.insert(Int(m)) }
                case .gone, .removedTip: break
                }
            }
            for id in openIDs { if let i = tipIndex(forID: id) { cache.watched.insert(i) } }
            for i in cache.watched { if let b = tipBreakpoint(i) { cache.next[i] = b } }
            cache.valid = true
        } else {
            var redo = cache.dirty
            let deps = catalog.dependencies
            for e in cache.dirtyEvents { for t in deps.readersOfEvent[e] where cache.watched.contains(t) { redo.insert(t) } }
            for p in cache.dirtyParams { for t in deps.readersOfParam[p] where cache.watched.contains(t) { redo.insert(t) } }
            if let m = cache.minimum, cache.minimumKnown, m <= now {
                for (i, b) in cache.next where b <= now { redo.insert(i) }
            }
            for i in redo {
                let old = cache.next[i]
                let new = tipBreakpoint(i)
                cache.next[i] = new
                if let new, cache.minimumKnown, cache.minimum.map({ new < $0 }) ?? true { cache.minimum = new }
                if old != nil, old == cache.minimum, new != old { cache.minimumKnown = false }
            }
        }
        cache.dirty = []
        cache.dirtyEvents = []
        cache.dirtyParams = []
        cache.computedAt = now
        if !cache.minimumKnown {
            cache.minimum = cache.next.values.min()
            cache.minimumKnown = true
        }
        var best = cache.minimum.flatMap { $0 > now ? $0 : nil }
        breakpoints = cache
        func consider(_ t: Int64?) {
            if let t, t > now, best.map({ t < $0 }) ?? true { best = t }
        }
        // Few tips are displayed at once: their duration limits are computed afresh.
        for id in openIDs {
            guard let i = tipIndex(forID: id) else { continue }
            consider(durationLimitInstant(instances[id] ?? ResolvedTip(index: i, id: id, tip: TipKey(catalog.tipName(i)), arguments: [])))
        }
        consider(cooldownEnd())
        // A new local day renews the daily budget.
        if catalog.budgets.perDay > 0 { consider(nextLocalDayStart(after: now)) }
        // A snoozed tip comes back at its snooze's end (few tips are snoozed at once).
        for s in state.snoozes.values { consider(s.until) }
        // So does an invalidated tip at its declared renewal.
        consider(earliestRenewal())
        return best
    }

    /// Re-arms the clock for the next breakpoint (cancelling a wake-up that is no longer
    /// the earliest one).
    mutating func reschedule(clock: any TipClock, makeWakeUp: () -> TipWakeUp) {
        let next = isClosed ? nil : incrementalBreakpoint()
        wakeAtKnown = !isClosed
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
