import Foundation
import TipsBytecode
import TipsJournal
import TipsSignature

/// The embedded tips runtime: loads a verified bundle, keeps all state in a JSON-lines
/// journal (or in memory), and answers which tips are available now.
///
/// Safe to use from any thread, task or actor: every call takes one internal lock and is
/// short (microseconds). By default no call waits for the disk: mutations apply in memory
/// at once and a background writer makes them durable in groups; `flush()` (or
/// `await flushed()`) waits for that. See `Durability`.
///
///     let store = try TipStore(bundleURL: bundleURL, journalURL: TipStore.defaultJournalURL())
///     try store.donate(dynamic: "manualSave")
///     if try store.shouldDisplay("ShortcutTip") { ... }
///     for await status in try store.statusUpdates(of: "ShortcutTip") { ... }
public final class TipStore: Sendable {
    /// When a mutating call's records become durable.
    public enum Durability: Sendable, Hashable {
        /// The default: a call applies its records in memory (the process sees its own
        /// changes, observers fire) and queues them for a background writer, returning
        /// without waiting for the disk. The writer appends everything queued as one group
        /// (one write, one fsync: a group commit), starting as soon as a record is queued
        /// and it is idle, else right after the group it is writing. A crash loses the
        /// records queued after the last completed group commit. `flush()` and
        /// `flushed()` wait until everything queued before them is durable.
        case asynchronous
        /// Each call writes and fsyncs its records before returning: a returned call
        /// survives any crash. For tools, scenarios and tests.
        case synced
        /// `.asynchronous` with larger groups: a group commit starts once `maxRecords` are
        /// queued or `maxDelayMilliseconds` after the first record queued since the last
        /// one started, whichever comes first. A crash loses at most the queued records.
        /// (`.asynchronous` is this with one record and no delay.)
        case batched(maxRecords: Int, maxDelayMilliseconds: Int)
    }

    /// The clock the store reads and schedules wake-ups on.
    public let clock: any TipClock
    /// The journal file ("" for an in-memory store).
    public let journalPath: String
    /// What opening the journal found: a repaired torn last line, skipped corrupted lines.
    public let journalReport: JournalReport
    /// The running catalog (it changes when the store adopts one).
    var catalog: Catalog { engine.withLock { $0.catalog } }
    let persistence: Persistence
    let engine: RuntimeLock<Engine>
    let deliveries = DeliveryQueue()
    /// `catalogAdoptions()` streams, by id.
    let adoptionListeners = RuntimeLock<[Int: AsyncStream<CatalogAdoption>.Continuation]>([:])
    /// Which presenter shows each tip now (one presentation of a tip at a time).
    let presentationClaims = PresentationClaims()
    /// This store's claim on its journal (one store per journal per process); nil in memory.
    let journalClaim: JournalClaim?
    /// Where the adopted catalog is kept (nil without a journal or a `LiveCatalog`).
    let liveFiles: LiveCatalogFiles?
    /// Which catalog the store opened with (`liveCatalogLaunch`).
    let launchReport: LiveCatalogLaunch
    /// The version rolled back after failed launches, never adopted again (nor older ones).
    let rolledBackVersion: UInt64?
    /// `onJournalRestored`, read by the journal's hook.
    let restoredHandler: RuntimeLock<(@Sendable (JournalRestoration) -> Void)?>

    /// Opens the store with the bundle file at `bundleURL` (see `init(bundle:...)`).
    public convenience init(bundleURL: URL, journalURL: URL, clock: any TipClock = SystemClock(),
                            overrides: TestingOverrides = .none, durability: Durability = .asynchronous) throws(TipStoreError) {
        try self.init(bundle: try TipStore.readBundle(bundleURL), journalURL: journalURL, clock: clock, overrides: overrides,
                      durability: durability)
    }

    /// Opens the store: verifies `bundle` (throws `invalidBundle` naming the first problem),
    /// opens (or creates) the journal at `journalURL` and replays it. Throws `journalInUse`
    /// when another store in this process has that journal open (by any path to it).
    ///
    /// On open, transient parameters start at their defaults, a presentation a previous
    /// run left open (the app died while showing a tip) is ended at the instant it began
    /// (no display time is credited for it, its end-of-presentation limits apply), and
    /// with `overrides.resetStoreOnOpen` the store is reset. Overrides are never written.
    public convenience init(bundle: [UInt8], journalURL: URL, clock: any TipClock = SystemClock(),
                            overrides: TestingOverrides = .none, durability: Durability = .asynchronous) throws(TipStoreError) {
        try self.init(bundle: bundle, journalURL: journalURL, clock: clock, overrides: overrides, durability: durability,
                      io: .system)
    }

    /// The largest bundle `init(bundleURL:)` reads (real ones are kilobytes): a bigger
    /// file, or anything but a regular file (a FIFO, `/dev/zero`, a directory), is refused
    /// unread with `unreadableBundle`.
    public static let bundleLimit = InputFile.Limit(bytes: 64 << 20, what: "a bundle")

    static func readBundle(_ url: URL) throws(TipStoreError) -> [UInt8] {
        let path = url.withUnsafeFileSystemRepresentation { $0.map { String(cString: $0) } } ?? url.path
        do throws(InputFile.Failure) {
            return try InputFile.read(path, limit: bundleLimit)
        } catch {
            throw TipStoreError(.unreadableBundle, "cannot read bundle '\(path)': \(error.explanation)")
        }
    }

    static func verify(_ bundle: [UInt8]) throws(TipStoreError) -> Catalog {
        do {
            return Catalog(try BundleLoader.load(bundle))
        } catch {
            throw TipStoreError(.invalidBundle, "invalid bundle: \(error)")
        }
    }

    /// The designated initializer; `journalURL` nil keeps the state in memory; `io` lets
    /// tests inject journal write and fsync failures.
    /// `live` (with a journal) prefers the adopted catalog kept beside it (see
    /// `init(bundle:journalURL:live:...)`).
    init(bundle: [UInt8], journalURL: URL?, clock: any TipClock, overrides: TestingOverrides, durability: Durability,
         io: JournalIO, live: LiveCatalog? = nil) throws(TipStoreError) {
        let catalog: Catalog
        var liveManifest: CatalogManifest? = nil
        var launch = LiveCatalogLaunch.embedded
        var files: LiveCatalogFiles? = nil
        let persistence: Persistence
        let path: String
        let report: JournalReport
        var state = JournalState()
        var claim: JournalClaim? = nil
        let restoredHandler = RuntimeLock<(@Sendable (JournalRestoration) -> Void)?>(nil)
        if let journalURL {
            path = journalURL.withUnsafeFileSystemRepresentation { $0.map { String(cString: $0) } } ?? journalURL.path
            claim = try TipStore.claimJournal(path)
            if let live {
                // Under the journal's claim: no other store of this process touches these files.
                let liveFiles = LiveCatalogFiles(journalPath: path)
                files = liveFiles
                do throws(TipStoreError) {
                    (catalog, liveManifest, launch) = try TipStore.launchCatalog(embedded: bundle, live: live, files: liveFiles)
                } catch {
                    TipStore.release(claim)
                    throw error
                }
            } else {
                do throws(TipStoreError) { catalog = try TipStore.verify(bundle) } catch {
                    TipStore.release(claim)
                    throw error
                }
            }
            var options = JournalOptions()
            options.compactionPolicy = TipStore.compactionPolicy(catalog)
            options.now = { clock.now() }
            options.io = io
            let journal: Journal
            do {
                // Every mode writes synced appends; the background ones from their writer.
                journal = try Journal.open(at: path, durability: .synced, options: options)
            } catch {
                TipStore.release(claim)
                throw TipStoreError(.journal, "journal: \(error)")
            }
            journal.onRestore = { r in restoredHandler.withLock { $0 }?(r) }
            switch durability {
            case .synced: persistence = .synced(journal)
            case .asynchronous: persistence = .background(JournalWriter(journal: journal, maxRecords: 1, maxDelayMs: 0))
            case .batched(let n, let ms): persistence = .background(JournalWriter(journal: journal, maxRecords: n, maxDelayMs: ms))
            }
            report = journal.report
            state = journal.state
        } else {
            catalog = try TipStore.verify(bundle)
            path = ""
            report = JournalReport(path: "")
            persistence = .memory
        }
        var engine = Engine(catalog: catalog, persistence: persistence, state: state, overrides: overrides, now: clock.now())
        // `installed` in rules: the journal's first day, or this open for a store in memory.
        engine.localClock.installedAt = persistence.journal.map(\.createdAt) ?? clock.now()
        engine.liveManifest = liveManifest
        // Running a kept adopted catalog: the embedded one is verified only if a name misses.
        if liveManifest != nil { engine.embedded = EmbeddedCatalog(bytes: bundle) }
        if let live, let files, let bytes = try? InputFile.read(files.suspensionPath, limit: .init(bytes: CatalogSuspension.maxByteCount, what: "a suspension")) {
            // Checked again at every launch; one that no longer verifies is dropped.
            if let s = try? TipStore.checkSuspension(bytes, trustedKeys: live.trustedKeys, catalog: live.catalog, after: 0) {
                engine.suspension = s
                engine.resolveSuspension()
            } else {
                files.remove(files.suspensionPath)
            }
        }
        do {
            // Through the engine, so that in the background modes opening waits for no fsync.
            if overrides.resetStoreOnOpen { try engine.commit([.resetStore(at: clock.now())]) }
            // Declared renames: state kept under an old name is carried to the new one, once.
            try engine.commit(TipStore.renameRecords(catalog.bundle, state: engine.state))
            // A presentation left open by a previous run: ended where it began.
            try engine.endPresentationsLeftOpen()
            // An experiment needs an install identifier that outlives relaunches: generated once.
            try engine.ensureInstallIdentity()
        } catch {
            try? persistence.journal?.close()
            TipStore.release(claim)
            throw error
        }
        self.clock = clock
        self.journalPath = path
        self.journalReport = report
        self.persistence = persistence
        self.engine = RuntimeLock(engine)
        self.journalClaim = claim
        self.restoredHandler = restoredHandler
        self.liveFiles = files
        self.launchReport = launch
        self.rolledBackVersion = files.map { $0.readNumber($0.failedPath) }.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The catalog's compaction policy: its donation limits, and no transient parameter
    /// (older versions wrote their values; nothing reads them back).
    static func compactionPolicy(_ catalog: Catalog) -> CompactionPolicy {
        var policy = catalog.compactionPolicy
        let transient = Set(catalog.bundle.params.indices.filter { catalog.bundle.params[$0].isTransient }.map { catalog.paramKey($0) })
        if !transient.isEmpty { policy.keepParameter = { !transient.contains($0) } }
        return policy
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
        for c in adoptionListeners.withLock({ Array($0.values) }) { c.finish() }
        // Best effort: what was queued is still written. Call close() to see errors.
        if case .background(let writer) = persistence { try? writer.flush() }
        try? persistence.journal?.close()
        TipStore.release(journalClaim)
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
        let (result, delivering) = lockedEngine(writing: writing, body)
        // Every call that queues callbacks drains after it, so a call that queued none
        // (almost every status read) skips the queue's lock.
        if delivering { deliveries.drain() }
        return try result.get()
    }

    /// `withEngine` without the delivery of callbacks: returns whether some were queued,
    /// for the caller to drain once it holds no lock and is off the writer's queue.
    func lockedEngine<R: Sendable>(writing: Bool = true,
                                   _ body: (inout Engine) throws(TipStoreError) -> R) -> (Result<R, TipStoreError>, Bool) {
        engine.withLock { e in
            if e.isClosed { return (.failure(TipStoreError(.closed, "the store is closed")), false) }
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
            // A held-out tip that would now be available records its exposure (best effort:
            // a failed write is retried at the next call).
            if !e.catalog.experimentOfTip.isEmpty { try? e.recordHoldoutExposures() }
            e.notify(deliveries: deliveries)
            e.flushEvents()
            e.reschedule(clock: clock) { TipWakeUp { [weak self] in self?.timeDidPass() } }
            let delivering = e.enqueuedDeliveries
            e.enqueuedDeliveries = false
            return (r, delivering)
        }
    }

    /// A clock wake-up: time alone may have changed statuses.
    func timeDidPass() {
        _ = try? withEngine(writing: false) { _ in () }
    }
}
