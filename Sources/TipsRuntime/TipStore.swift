import Foundation
import Synchronization
import TipsBytecode
import TipsJournal

/// The embedded tips runtime: loads a verified bundle, keeps all state in a JSON-lines
/// journal, and answers which tips are available now.
///
/// Safe to use from any thread, task or actor: every call takes one internal lock, and a
/// mutating call returns only after its journal records are acknowledged (see
/// `Durability`). Calls are synchronous and short (one `fsync` in synced mode).
///
///     let store = try TipStore(bundleURL: bundleURL, journalURL: journalURL)
///     try store.donate("manualSave")
///     if try store.shouldDisplay("ShortcutTip") { ... }
///     for await status in try store.statusUpdates(of: "ShortcutTip") { ... }
public final class TipStore: Sendable {
    /// When a mutating call's records count as acknowledged (durable).
    public enum Durability: Sendable, Hashable {
        /// Each call writes and fsyncs its records before returning: a returned call
        /// survives any crash.
        case synced
        /// Calls queue records in memory (applied at once, so the process sees its own
        /// changes); they become durable together when `flush()` returns, when
        /// `maxRecords` are queued, or `maxDelayMilliseconds` after the first queued one.
        /// A crash loses at most the queued records.
        case batched(maxRecords: Int, maxDelayMilliseconds: Int)
    }

    /// The clock the store reads and schedules wake-ups on.
    public let clock: any TipClock
    /// The journal file.
    public let journalPath: String
    /// What opening the journal found: a repaired torn last line, skipped corrupted lines.
    public let journalReport: JournalReport
    let catalog: Catalog
    let journal: Journal
    let engine: RuntimeMutex<Engine>
    let deliveries = DeliveryQueue()

    /// Opens the store with the bundle file at `bundleURL` (see `init(bundle:...)`).
    public convenience init(bundleURL: URL, journalURL: URL, clock: any TipClock = SystemClock(),
                            overrides: TestingOverrides = .none, durability: Durability = .synced) throws(TipStoreError) {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: bundleURL))
        } catch {
            throw TipStoreError(.unreadableBundle, "cannot read bundle '\(bundleURL.path)': \(error.localizedDescription)")
        }
        try self.init(bundle: bytes, journalURL: journalURL, clock: clock, overrides: overrides, durability: durability)
    }

    /// Opens the store: verifies `bundle` (throws `invalidBundle` naming the first problem),
    /// opens (or creates) the journal at `journalURL` and replays it.
    ///
    /// On open, transient parameters start at their defaults, a presentation a previous
    /// run left open (the app died while showing a tip) is ended at the instant it began
    /// (no display time is credited for it, its end-of-presentation limits apply), and
    /// with `overrides.resetStoreOnOpen` the store is reset. Overrides are never written.
    public convenience init(bundle: [UInt8], journalURL: URL, clock: any TipClock = SystemClock(),
                            overrides: TestingOverrides = .none, durability: Durability = .synced) throws(TipStoreError) {
        try self.init(bundle: bundle, journalURL: journalURL, clock: clock, overrides: overrides, durability: durability,
                      io: .system)
    }

    /// The designated initializer; `io` lets tests inject journal write and fsync failures.
    init(bundle: [UInt8], journalURL: URL, clock: any TipClock, overrides: TestingOverrides, durability: Durability,
         io: JournalIO) throws(TipStoreError) {
        let verified: VerifiedBundle
        do {
            verified = try BundleLoader.load(bundle)
        } catch {
            throw TipStoreError(.invalidBundle, "invalid bundle: \(error)")
        }
        let catalog = Catalog(verified)
        let path = journalURL.withUnsafeFileSystemRepresentation { $0.map { String(cString: $0) } } ?? journalURL.path
        var options = JournalOptions()
        options.compactionPolicy = catalog.compactionPolicy
        options.now = { clock.now() }
        options.io = io
        let mode: TipsJournal.Durability
        switch durability {
        case .synced: mode = .synced
        case .batched(let n, let ms): mode = .batched(maxRecords: n, maxDelayMs: ms)
        }
        let journal: Journal
        do {
            journal = try Journal.open(at: path, durability: mode, options: options)
            if overrides.resetStoreOnOpen { try journal.append(.resetStore(at: clock.now())) }
        } catch {
            throw TipStoreError(.journal, "journal: \(error)")
        }
        let now = clock.now()
        var engine = Engine(catalog: catalog, journal: journal, state: journal.state, overrides: overrides, now: now)
        var endings: [JournalRecord] = []
        for (id, t) in engine.state.tips.sorted(by: { $0.key < $1.key }) {
            guard let since = t.openSince else { continue }
            if let i = engine.tipIndex(forID: id) {
                endings += engine.endRecords(ResolvedTip(index: i, id: id, tip: Tip(catalog.tipName(i)), arguments: []), at: since)
            } else {
                endings.append(.displayEnded(tip: id, at: since))
            }
        }
        try engine.commit(endings)
        self.clock = clock
        self.journalPath = path
        self.journalReport = journal.report
        self.catalog = catalog
        self.journal = journal
        self.engine = RuntimeMutex(engine)
    }

    deinit {
        let streams = engine.withLock { e -> [ObserverSink] in
            e.isClosed = true
            e.wakeUp?.cancel()
            let sinks = e.observers.values.map(\.sink)
            e.observers = [:]
            return sinks
        }
        TipStore.finish(streams)
        try? journal.close()
    }

    // MARK: - Catalog

    /// The declared names of all tips, in declaration order.
    public var tipNames: [String] { catalog.bundle.tips.indices.map { catalog.tipName($0) } }
    /// The names of all groups.
    public var groupNames: [String] { catalog.bundle.groups.indices.map { catalog.groupName($0) } }
    /// The names of all parameters.
    public var parameterNames: [String] { catalog.bundle.params.indices.map { catalog.paramName($0) } }
    /// The names of all events.
    public var eventNames: [String] { catalog.bundle.events.indices.map { catalog.eventName($0) } }

    // MARK: - Operations

    /// Runs `body` on the engine under the lock at the current instant: records due
    /// duration invalidations first, then the body, then tells observers what changed and
    /// re-arms the clock; delivers presenter callbacks after unlocking.
    func withEngine<R: Sendable>(writing: Bool = true,
                                 _ body: (inout Engine) throws(TipStoreError) -> R) throws(TipStoreError) -> R {
        let result: Result<R, TipStoreError> = engine.withLock { e in
            if e.isClosed { return .failure(TipStoreError(.closed, "the store is closed")) }
            e.setNow(clock.now())
            // A read still answers when a due duration invalidation couldn't be written: it
            // is derived from state and time anyway, and retried on the next call.
            var settleError: TipStoreError? = nil
            do throws(TipStoreError) { try e.settle() } catch { if writing { settleError = error } }
            let r: Result<R, TipStoreError>
            if let settleError {
                r = .failure(settleError)
            } else {
                do throws(TipStoreError) { r = .success(try body(&e)) } catch { r = .failure(error) }
            }
            e.notify(deliveries: deliveries)
            e.reschedule(clock: clock) { TipWakeUp { [weak self] in self?.timeDidPass() } }
            return r
        }
        deliveries.drain()
        return try result.get()
    }

    /// A clock wake-up: time alone may have changed statuses.
    func timeDidPass() {
        _ = try? withEngine(writing: false) { _ in () }
    }

    /// Sets parameter `name` to `value`. Throws `unknownParameter`, or `wrongType` when
    /// the value doesn't have the declared type (an Int is accepted for a Double; `.null`
    /// only for an optional parameter; an enum case must be declared).
    public func setParameter(_ name: String, to value: TipValue) throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in try e.setParameter(name, value) }
    }

    /// The current value of parameter `name` (its default until set; a transient one
    /// until set in this run).
    public func parameter(_ name: String) throws(TipStoreError) -> TipValue {
        try withEngine(writing: false) { e throws(TipStoreError) in try e.parameter(name) }
    }

    /// Donates `event` now (or at `instant`, ms since the epoch, e.g. when importing
    /// history). `payload` must give every declared field exactly once with its type.
    /// Matching `invalidate when` triggers fire in the same journal group.
    public func donate(_ event: String, _ payload: [String: TipValue] = [:], at instant: Int64? = nil) throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in try e.donate(event, payload, at: instant ?? e.rules.now) }
    }

    /// Reports that the host began presenting `tip`. Counts one display; calling it again
    /// before `presentationEnded` is the same presentation (re-renders don't count).
    public func presentationBegan(_ tip: Tip) throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in try e.presentationBegan(try e.resolveAndRemember(tip)) }
    }

    /// Reports that the host stopped presenting `tip` (no-op if it wasn't). Applies the
    /// end-of-presentation limits (`maxDisplayCount`, `maxDisplayDuration`).
    public func presentationEnded(_ tip: Tip) throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in try e.presentationEnded(try e.resolveAndRemember(tip)) }
    }

    /// Invalidates `tip` for good (until `resetEligibility`/`resetStore`). The first
    /// reason is kept. Use `.tipClosed` for a close button.
    public func invalidate(_ tip: Tip, reason: TipInvalidationReason) throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in try e.invalidate(try e.resolveAndRemember(tip), reason: reason) }
    }

    /// Performs action `action` of `tip`: runs its declared effects in order (invalidate,
    /// set a parameter from its expression, donate an event with computed payload, and the
    /// triggers those donations fire) as one journal group, all or nothing.
    public func perform(action: String, of tip: Tip) throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in try e.perform(action: action, of: try e.resolveAndRemember(tip)) }
    }

    /// Returns `tip` to rule evaluation; keeps its display count and time, and all
    /// donations and parameters.
    public func resetEligibility(_ tip: Tip) throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in try e.resetEligibility(try e.resolveAndRemember(tip)) }
    }

    /// Forgets everything: parameters (transient ones included), donations, display
    /// counts and invalidations. Recorded in the journal; earlier records no longer count.
    public func resetStore() throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in try e.resetStore() }
    }

    // MARK: - Reading

    /// The status of `tip` now.
    public func status(of tip: Tip) throws(TipStoreError) -> TipStatus {
        try withEngine(writing: false) { e throws(TipStoreError) in e.status(try e.resolveAndRemember(tip)) }
    }

    /// Exactly `status(of: tip) == .available`.
    public func shouldDisplay(_ tip: Tip) throws(TipStoreError) -> Bool {
        try status(of: tip) == .available
    }

    /// The texts, image and actions of `tip`, templates filled from its arguments.
    public func content(of tip: Tip) throws(TipStoreError) -> TipContent {
        try withEngine(writing: false) { e throws(TipStoreError) in e.content(try e.resolveAndRemember(tip)) }
    }

    /// The available tips: plain tips in declaration order, then the reusable instances
    /// addressed in this run (a reusable tip's instances are only known once addressed).
    public func availableTips() -> [Tip] {
        (try? withEngine(writing: false) { e in e.knownTips().filter { e.status($0) == .available }.map(\.tip) }) ?? []
    }

    /// The current tip of group `group`, or nil (see `TipStatus` and the semantics page:
    /// `firstAvailable` never pre-empts a displayed member; `ordered` waits for every
    /// earlier member to be invalidated).
    public func currentTip(inGroup group: String) throws(TipStoreError) -> Tip? {
        try withEngine(writing: false) { e throws(TipStoreError) in e.currentMember(ofGroup: try TipStore.group(group, e))?.tip }
    }

    static func group(_ name: String, _ e: Engine) throws(TipStoreError) -> Int {
        guard let g = e.catalog.groupIndex[name] else { throw TipStoreError(.unknownGroup, "unknown group '\(name)'") }
        return g
    }

    /// A description of `tip`'s state for debugging: each rule's result, display count
    /// and time, cooldown and overrides.
    public func report(of tip: Tip) throws(TipStoreError) -> TipReport {
        try withEngine(writing: false) { e throws(TipStoreError) in e.report(try e.resolveAndRemember(tip)) }
    }

    /// The reports of every tip the store can name: plain tips in declaration order, then
    /// reusable instances addressed in this run. The whole state at a glance, for a debug
    /// screen or a log line.
    public func reports() -> [TipReport] {
        (try? withEngine(writing: false) { e in e.knownTips().map { e.report($0) } }) ?? []
    }

    // MARK: - Overrides

    /// The testing overrides in effect (never persisted).
    public var testingOverrides: TestingOverrides {
        engine.withLock { $0.overrides }
    }

    /// Replaces the testing overrides; observers see the statuses they change.
    public func setTestingOverrides(_ overrides: TestingOverrides) {
        _ = try? withEngine(writing: false) { e in e.overrides = overrides }
    }

    // MARK: - Journal

    /// Batched mode: writes and fsyncs queued records; when it returns they are durable.
    /// Synced mode: nothing to do.
    public func flush() throws(TipStoreError) {
        do { try journal.flush() } catch { throw TipStoreError(.journal, "journal: \(error)") }
    }

    /// Rewrites the journal as a snapshot now, dropping donations beyond each event's limit
    /// or older than its maxAge. State of ids the bundle doesn't know is kept.
    public func compact() throws(TipStoreError) {
        do { try journal.compact(policy: catalog.compactionPolicy) } catch { throw TipStoreError(.journal, "journal: \(error)") }
    }

    /// Reads records other processes (an app extension) appended since this store last
    /// looked, and updates statuses and observers.
    public func refresh() throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in
            do {
                if try e.journal.refresh() { e.reload(from: e.journal.state) }
            } catch {
                throw TipStoreError(.journal, "journal: \(error)")
            }
        }
    }

    /// Flushes and closes the journal, ends observation streams and cancels wake-ups.
    /// Later calls throw `closed`. Called by deinit if you don't.
    public func close() throws(TipStoreError) {
        let sinks = engine.withLock { e -> [ObserverSink] in
            e.isClosed = true
            e.wakeUp?.cancel()
            e.wakeUp = nil
            let sinks = e.observers.values.map(\.sink)
            e.observers = [:]
            return sinks
        }
        TipStore.finish(sinks)
        do { try journal.close() } catch { throw TipStoreError(.journal, "journal: \(error)") }
    }

    static func finish(_ sinks: [ObserverSink]) {
        for s in sinks {
            switch s {
            case .statusStream(let c): c.finish()
            case .groupStream(let c): c.finish()
            case .callback: break
            }
        }
    }
}
