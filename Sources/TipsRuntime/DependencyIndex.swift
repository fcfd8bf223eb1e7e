import TipsBytecode

/// Which tips read which inputs, found once at open from what each tip's rule programs
/// read (`ProgramReads.visit`): a donation or a parameter change re-evaluates (and
/// notifies) only the tips that read it, and a donation checks only the `invalidate when`
/// triggers on its event.
struct DependencyIndex: Sendable {
    /// For each event, the tips whose rules read its donations (ascending).
    let readersOfEvent: [[Int]]
    /// For each parameter, the tips whose rules read it (ascending).
    let readersOfParam: [[Int]]
    /// For each event, the (tip, trigger) pairs of `invalidate when` on it, in tip order.
    let triggersOfEvent: [[(tip: Int, trigger: Int)]]

    init(_ b: TipsBundle) {
        var events = [[Int]](repeating: [], count: b.events.count)
        var params = [[Int]](repeating: [], count: b.params.count)
        var triggers = [[(tip: Int, trigger: Int)]](repeating: [], count: b.events.count)
        for (t, tip) in b.tips.enumerated() {
            var readsEvent = Set<Int>(), readsParam = Set<Int>()
            // A variant's rules count as the tip's: the tip re-evaluates whichever it is assigned.
            let variantRules = b.experiments.first { Int($0.tip) == t }?.variants.flatMap(\.rules) ?? []
            for r in tip.rules + variantRules where b.programs.indices.contains(Int(r)) {
                ProgramReads.visit(b.programs[Int(r)].code, in: b) { read in
                    switch read {
                    case .event(let e): readsEvent.insert(e)
                    case .parameter(let p): readsParam.insert(p)
                    case .instantParameter, .countedEvent, .query, .window, .constant, .instant, .duration, .clock,
                         .platform, .zone, .lifetime, .unknownOpcode:
                        break
                    }
                }
            }
            for e in readsEvent where events.indices.contains(e) { events[e].append(t) }
            for p in readsParam where params.indices.contains(p) { params[p].append(t) }
            for (i, trigger) in tip.triggers.enumerated() where triggers.indices.contains(Int(trigger.event)) {
                triggers[Int(trigger.event)].append((t, i))
            }
        }
        readersOfEvent = events
        readersOfParam = params
        triggersOfEvent = triggers
    }
}
