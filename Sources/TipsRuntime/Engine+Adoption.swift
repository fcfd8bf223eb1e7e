import TipsBytecode
import TipsJournal
import TipsSignature
import TipsVM

extension Engine {
    /// What every tip the store can name shows now, by instance id, for the adoption's
    /// report of what it changed.
    func snapshot() -> [String: (tip: TipKey, status: TipStatus, content: TipContent)] {
        var out: [String: (tip: TipKey, status: TipStatus, content: TipContent)] = [:]
        for r in knownTips() { out[r.id] = (r.tip, status(r), content(r)) }
        return out
    }

    /// Replaces the running catalog with `new` (already found compatible): the VM, the rule
    /// state rebuilt from the journal's state under the new names, this run's transient
    /// values and reusable instances carried by key and name, and every observer pointed at
    /// the same tip or group in the new catalog (a tip or group it no longer has is `.gone`:
    /// pending, or no current tip). Everything is re-evaluated at the next `notify`.
    mutating func swapCatalog(to new: Catalog) {
        let old = catalog
        var carriedTransient: [Int: JournalValue] = [:]
        for (i, v) in transient {
            if let j = new.paramIndex(storedAs: old.paramKey(i)), new.bundle.params[j].isTransient { carriedTransient[j] = v }
        }
        let oldInstances = instanceOrder.compactMap { instances[$0] }
        catalog = new
        renewals.known = false
        vm = RuleVM(new.verified)
        transient = carriedTransient
        rules = Engine.ruleState(catalog: new, state: state, transient: transient, now: rules.now, platform: platform)
        localClock.apply(to: &rules)
        instances = [:]
        instanceOrder = []
        for r in oldInstances {
            guard let moved = try? resolve(r.tip), new.isReusable(moved.index), instances[moved.id] == nil else { continue }
            instances[moved.id] = moved
            instanceOrder.append(moved.id)
        }
        internInstanceArguments()
        observersOfTip = [:]
        observersOfGroup = [:]
        for id in observers.keys.sorted() {
            guard var o = observers[id] else { continue }
            o.target = moved(o.target, from: old)
            observers[id] = o
            switch o.target {
            case .tip(let r): observersOfTip[r.index, default: []].append(id)
            case .group(let g): observersOfGroup[g, default: []].append(id)
            case .gone, .removedTip: break
            }
        }
        resolveSuspension()
        // With the instances carried over: the new catalog may budget, exempt or group tips differently.
        latestFirstDisplayAt = cooldownStart(in: state)
        rebuildShownUnits()
        changedEverything()
    }

    /// Points the kill switch in force at the running catalog's tips (by declared name).
    mutating func resolveSuspension() {
        let names = suspension?.tips ?? []
        suspendsAll = names.contains(CatalogSuspension.everyTip)
        suspendedTips = Set(names.compactMap { catalog.tipIndex[$0] })
    }

    /// `target` in the running catalog, from `old`: a tip by its id (or a declared rename of
    /// it), else by name and arguments; a group by name.
    private func moved(_ target: ObservedTarget, from old: Catalog) -> ObservedTarget {
        switch target {
        case .tip(let r):
            if let i = catalog.plainTipIDs[r.id] ?? catalog.renamed(.tip, from: r.id), !catalog.isReusable(i) {
                // Addressed by the name the app knows; the new name answers for it.
                var p = plain(i)
                p.tip = r.tip
                return .tip(p)
            }
            if let moved = try? resolve(r.tip) { return .tip(moved) }
            return .removedTip(r.tip)
        case .removedTip(let tip):
            // A later catalog that brings the tip back (by name, or a declared rename).
            if let moved = try? resolve(tip) { return .tip(moved) }
            return target
        case .group(let g):
            if let n = catalog.groupIndex[old.groupName(g)] { return .group(n) }
            return .gone(.current(nil))
        case .gone:
            return target
        }
    }
}
