import TipsBytecode
import TipsSignature
import TipsJournal
import TipsVM

/// Everything the store guards with its mutex: the journal's state mirrored in memory,
/// the VM's view of it, overrides, observers and the pending clock wake-up.
///
/// In synced mode every change goes journal-first: records are appended and fsynced
/// before `apply` folds them into memory, so memory never holds a change the journal
/// refused. In the background modes memory goes first and the writer follows, in order.
struct Engine {
    /// The running catalog: the one the store opened with, or one adopted since.
    var catalog: Catalog
    let persistence: Persistence
    var vm: RuleVM
    /// The state the journal's records add up to (this process's view).
    var state: JournalState
    /// What rules read: parameters, strings, sets and donations, at `rules.now`.
    var rules: RuleState
    var overrides: TestingOverrides
    /// The platform `when` conditions and rules test (``TipStore/setPlatform(_:)``); rules
    /// read it from `rules.platform`, kept equal to it.
    var platform: TipPlatform = .current {
        didSet { rules.platform = platform.bundlePlatform }
    }
    /// The device's time zone, the install instant and the app's last update, which rules
    /// read from `rules` (kept equal to it by `setNow` and every rebuild of `rules`).
    var localClock: LocalClock {
        didSet { localClock.apply(to: &rules) }
    }
    /// Transient parameter values set in this run: they are never written to the journal
    /// (nor read back from what older versions wrote), so a rebuild takes them from here.
    var transient: [Int: JournalValue] = [:]
    /// Reusable-tip instances addressed in this run, by id.
    var instances: [String: ResolvedTip] = [:]
    /// The ids of `instances` in the order they were first addressed: a reusable group
    /// member's instances take its place in the group in this order.
    var instanceOrder: [String] = []
    var observers: [Int: Observer] = [:]
    var nextObserverID = 0
    /// Ids with an open presentation (kept in step with `state` by `apply`), so the checks
    /// that run on every call don't scan every tip the journal knows.
    var openIDs: Set<String> = []
    /// `state.latestFirstDisplayAt`, kept in step by `apply`: the cooldown check runs on
    /// every status call, and the journal state's answer scans every tip it knows.
    var latestFirstDisplayAt: Int64?
    var wakeUp: TipWakeUp?
    var wakeAt: Int64?
    /// What changed since observers were last told (see `notify`).
    var changes = ChangeSet()
    /// The instant observers were last told at (`notify` re-evaluates everything when time
    /// went back or crossed `wakeAt`, the earliest instant time alone can change a status).
    var notifiedAt: Int64 = .min
    /// Whether `wakeAt` was computed for the state observers were last told about.
    var wakeAtKnown = false
    /// Whether presenter callbacks were queued during the current call (it drains them).
    var enqueuedDeliveries = false
    /// Per-tip breakpoints behind `wakeAt`.
    var breakpoints = BreakpointCache()
    /// Observer ids by observed tip index and by observed group (stale ids are skipped).
    var observersOfTip: [Int: [Int]] = [:]
    var observersOfGroup: [Int: [Int]] = [:]
    var isClosed = false
    /// The install identifier the app gave (`TipStore.setInstallIdentifier`); nil: the journal's.
    var appInstallID: String?
    /// Effectiveness events while an app's sink is registered (nil: none, and no cost).
    var events: EventRecorder?
    /// The presentations a previous run left open, ended at this open before any sink
    /// could be registered: the first sink hears of them (`Engine+Events`).
    var endedAtOpen: [(id: String, began: Int64, ordinal: Int64)] = []
    /// The manifest of the adopted catalog the engine runs; nil for the one it opened with.
    var liveManifest: CatalogManifest?
    /// The catalog the app was built with, for names an adopted catalog removed.
    var embedded: EmbeddedCatalog
    /// The kill switch in force (`TipStore.applySuspension`), and the tips it hides in the
    /// running catalog, by index (`suspendsAll` for `*`): checked on every status call.
    var suspension: CatalogSuspension?
    var suspendsAll = false
    var suspendedTips: Set<Int> = []
    /// The held-out tips whose exposure is still due, and what their last check saw.
    var holdouts = HoldoutWatch()
    /// Each budget unit's latest presentation (non-exempt tips; empty without a budget), so
    /// a budget check reads the shown units instead of every tip the journal knows.
    var shownUnits: [BudgetUnit: UnitShow] = [:]
    /// When this launch began: the store's open (a launch budget counts from here).
    var launchStartedAt: Int64
    /// When the next declared renewal falls due (`Engine+Renewals`).
    var renewals = RenewalWatch()

    init(catalog: Catalog, persistence: Persistence, state: JournalState, overrides: TestingOverrides, now: Int64) {
        self.catalog = catalog
        self.embedded = EmbeddedCatalog(catalog)
        self.persistence = persistence
        self.vm = RuleVM(catalog.verified)
        self.state = state
        self.overrides = overrides
        self.rules = Engine.ruleState(catalog: catalog, state: state, transient: [:], now: now, platform: .current)
        self.localClock = LocalClock(timeZone: .current, now: now)
        localClock.apply(to: &rules)
        self.openIDs = Engine.openIDs(in: state)
        self.launchStartedAt = now
        self.latestFirstDisplayAt = nil
        self.latestFirstDisplayAt = cooldownStart(in: state)
        rebuildShownUnits()
    }

    /// The ids with an open presentation in `state`.
    static func openIDs(in state: JournalState) -> Set<String> {
        Set(state.tips.filter { $0.value.openSince != nil }.keys)
    }

    /// A rule state holding `state`'s persisted parameters (transient ones from
    /// `transient` or at their defaults) and each known event's most recent donations.
    static func ruleState(catalog: Catalog, state: JournalState, transient: [Int: JournalValue], now: Int64,
                          platform: TipPlatform) -> RuleState {
        var rules = RuleState(catalog.verified, now: now)
        rules.platform = platform.bundlePlatform
        for (i, p) in catalog.bundle.params.enumerated() {
            let value = p.isTransient ? transient[i] : state.params[catalog.paramKey(i)]?.value
            guard let value, let slot = catalog.slot(value, as: p.type, in: &rules) else { continue }
            rules.setParam(i, slot)
        }
        for (e, event) in catalog.bundle.events.enumerated() {
            guard let list = state.donations[catalog.eventKey(e)] else { continue }
            // Only the most recent `limit` can ever be visible again (time moves forward;
            // a clock moved back makes none of the older ones newest).
            for d in list.suffix(Int(event.limit)) {
                rules.donate(event: e, at: d.at, payload: payloadSlots(catalog: catalog, event: e, d.payload, &rules))
            }
        }
        return rules
    }

    /// The VM row for a payload: one slot per declared field, nil where the donation lacks
    /// the field or holds a value that no longer fits its type.
    static func payloadSlots(catalog: Catalog, event e: Int, _ payload: [String: JournalValue], _ rules: inout RuleState) -> [Slot] {
        catalog.bundle.events[e].fields.map { f in
            guard let v = payload[catalog.string(f.name)], let s = catalog.slot(v, as: f.type.nonOptional, in: &rules) else { return .nil }
            return s
        }
    }

    /// Sets the evaluation instant for the operation in progress.
    mutating func setNow(_ now: Int64) {
        rules.now = now
        if !localClock.span.contains(now) || now < localClock.span.lowerBound &+ LocalClock.yearMs
            || now > localClock.span.upperBound &- LocalClock.yearMs {
            localClock.cover(now)
        }
    }

    /// Records `records` as one group. Synced: appends and fsyncs them, then applies them;
    /// nothing changes if the journal refuses them. Background: applies them and queues
    /// them for the writer (write errors surface through `flush()` and the error hook).
    /// In memory: applies them.
    mutating func commit(_ records: [JournalRecord]) throws(TipStoreError) {
        guard !records.isEmpty else { return }
        switch persistence {
        case .synced(let journal):
            let before = journal.lastSequence
            let seq: UInt64?
            do {
                seq = try journal.append(contentsOf: records)
            } catch {
                throw TipStoreError(.journal, "journal: \(error)")
            }
            // Another process (an app extension) appended since we last looked: the journal
            // caught up before writing ours, so take its state, which has both.
            if let seq, seq != before &+ UInt64(records.count) {
                reload(from: journal.state)
                return
            }
            for r in records { apply(r) }
        case .background(let writer):
            for r in records { apply(r) }
            writer.enqueue(records)
        case .memory:
            for r in records { apply(r) }
        }
    }

    /// Folds one acknowledged record into memory.
    mutating func apply(_ record: JournalRecord) {
        if events != nil { recordEvents(for: record) }
        holdouts.dirty = true
        state.apply(record)
        switch record {
        case .displayBegan(let id, _), .displayEnded(let id, _), .tipSnapshot(let id, _):
            if case .tipSnapshot = record { renewals.known = false }
            let wasOpen = openIDs.contains(id)
            if state.tips[id]?.openSince != nil { openIDs.insert(id) } else { openIDs.remove(id) }
            // The displayed tips are watched (their duration limits): a new set replans.
            if wasOpen != openIDs.contains(id) { breakpoints.valid = false }
            changedTip(id: id)
            if catalog.budgets.hasBudget {
                // Any presentation may use or free a place of a budget every tip shares.
                changes.all = true
                if case .tipSnapshot = record { rebuildShownUnits() }
                else if case .displayBegan = record, let at = state.tips[id]?.lastDisplayAt, let i = tipIndex(forID: id) {
                    noteShown(index: i, id: id, at: at)
                }
            }
            if case .displayEnded = record { break }
            // A first presentation moves the cooldown's start; a snapshot may move it anywhere.
            let latest = cooldownStart(in: state)
            if latest != latestFirstDisplayAt { changes.all = true }
            latestFirstDisplayAt = latest
        case .invalidate(let id, _, _), .snooze(let id, _, _, _):
            // A snooze's end is a breakpoint: the tip comes back then; so is a renewal's.
            if case .invalidate = record {
                renewals.known = false
                if !catalog.renewalOfTip.isEmpty { breakpoints.valid = false }
            } else {
                breakpoints.valid = false
            }
            changedTip(id: id)
        case .resetEligibility(let id, _):
            changedTip(id: id)
            renewals.known = false
            // Removing an emptied tip can't touch a first display (it would not be empty),
            // but recomputing is cheap next to how rarely this happens.
            let latest = cooldownStart(in: state)
            rebuildShownUnits()
            if latest != latestFirstDisplayAt { changes.all = true }
            latestFirstDisplayAt = latest
        case .param(let name, let value, _):
            guard let i = catalog.paramKeyIndex[name] else { return }
            let type = catalog.bundle.params[i].type
            if catalog.bundle.params[i].isTransient { transient[i] = value }
            if let slot = catalog.slot(value, as: type, in: &rules) { rules.setParam(i, slot) } else { rules.resetParam(i) }
            changed(param: i)
        case .donate(let event, let at, let payload):
            guard let e = catalog.eventKeyIndex[event] else { return }
            rules.donate(event: e, at: at, payload: Engine.payloadSlots(catalog: catalog, event: e, payload, &rules))
            prune(event: e)
            changed(event: e)
        case .install, .exposure:
            // A merged exposure or identifier may move a tip to another variant or the holdout.
            changes.all = true
            holdouts.pending = nil
        case .resetStore:
            renewals.known = false
            openIDs = []
            latestFirstDisplayAt = nil
            shownUnits = [:]
            changedEverything()
            transient = [:]
            rules = Engine.ruleState(catalog: catalog, state: state, transient: transient, now: rules.now, platform: platform)
            localClock.apply(to: &rules)
            internInstanceArguments()
        }
    }

    /// Keeps memory bounded in a long run: once an event holds twice its limit, donations
    /// beyond the limits (count and maxAge) are dropped from memory; they can't be visible
    /// again and aren't kept at compaction either.
    private mutating func prune(event e: Int) {
        let limit = Int(catalog.bundle.events[e].limit)
        guard rules.donations.count(event: e) > 2 * limit + 16 else { return }
        let name = catalog.eventKey(e)
        if var list = state.donations[name], list.count > limit {
            list.removeFirst(list.count - limit)
            state.donations[name] = list
        }
        rules.compact(now: rules.now)
        // Any event may have lost donations: replan every breakpoint.
        breakpoints.valid = false
    }

    /// Replaces memory with the journal's current state (after another process wrote).
    mutating func reload(from newState: JournalState) {
        state = newState
        renewals.known = false
        openIDs = Engine.openIDs(in: state)
        latestFirstDisplayAt = cooldownStart(in: state)
        rebuildShownUnits()
        rules = Engine.ruleState(catalog: catalog, state: state, transient: transient, now: rules.now, platform: platform)
        localClock.apply(to: &rules)
        internInstanceArguments()
        changedEverything()
    }

    /// Marks event `e`'s readers for re-evaluation and replanning (expanded lazily).
    mutating func changed(event e: Int) {
        if !changes.all, !observers.isEmpty { changes.events.append(e) }
        if breakpoints.valid, !breakpoints.watched.isEmpty { breakpoints.dirtyEvents.append(e) }
    }

    /// Marks parameter `p`'s readers; only a date parameter moves breakpoints.
    mutating func changed(param p: Int) {
        if !changes.all, !observers.isEmpty { changes.params.append(p) }
        if breakpoints.valid, !breakpoints.watched.isEmpty, catalog.bundle.params[p].type.kind == .date {
            breakpoints.dirtyParams.append(p)
        }
    }

    /// Marks the tip with instance id `id` (its display or invalidation state changed).
    mutating func changedTip(id: String) {
        guard let i = tipIndex(forID: id) else { return }
        if !changes.all, !observers.isEmpty { changes.tips.insert(i) }
        if breakpoints.valid, breakpoints.watched.contains(i) { breakpoints.dirty.insert(i) }
    }

    /// Anything may have changed: every observer is re-evaluated, every breakpoint recomputed.
    mutating func changedEverything() {
        changes = ChangeSet()
        breakpoints.valid = false
        holdouts = HoldoutWatch()
    }
}
