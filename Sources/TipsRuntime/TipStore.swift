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
            let carried = TipStore.renameRecords(catalog.bundle, state: journal.state)
            if !carried.isEmpty { _ = try journal.append(contentsOf: carried) }
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

    // MARK: - The lock

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
}
