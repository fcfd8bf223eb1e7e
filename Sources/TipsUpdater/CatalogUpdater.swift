import Dispatch
import Foundation
import TipsRuntime
import TipsSignature

/// Fetches a published catalog (Docs/remote.md, "Fetching"): the manifest, then, when it is
/// signed by a trusted key and newer than what the app runs, the bundle it names, checked
/// with `CatalogUpdate.check`; and the catalog's kill switch, `suspension.json`, which it
/// hands to the store (`checkSuspension(store:)`). The host app decides when to check:
///
///     let updater = CatalogUpdater(CatalogUpdaterConfiguration(
///         baseURL: URL(string: "https://tips.example.com/notes/")!, catalog: "com.example.notes",
///         trustedKeys: keys, stateFolder: journalFolder))
///     _ = try? await updater.checkSuspension(store: store)   // the kill switch, in force at once
///     switch try await updater.check(runningVersion: 6) {
///     case .update(let update): ...       // hand it to the store
///     case .notModified, .upToDate: break
///     }
///
/// The manifest and suspension requests are conditional (If-None-Match with the ETag of
/// the last response that ended a check well, remembered in `stateFolder`, each its own);
/// every body is cut off at its limit while it arrives; downloads time out when idle and
/// in all. After a failure the updater sends nothing for that document until the backoff
/// delay has passed (it throws `backingOff`), doubling with each failure in a row up to a
/// cap, less a random part (`CatalogUpdaterBackoff.jitter`), and at least as long as a
/// 429's or 503's `Retry-After` asks (cut to `retryAfterLimit`). The backoff is kept in
/// `stateFolder` with the ETag, so a relaunched app waits as the last run would have. The
/// catalog check and the kill switch check back off separately: a refused publication must
/// not hold back the kill switch that hides what it broke. A failure changes nothing but
/// the backoff: what the app runs, the suspension in force and the remembered ETag stay as
/// they were.
///
/// An actor, so its work never runs on the main thread; checks (of either kind) run one at
/// a time (a check started while another runs waits for it).
public actor CatalogUpdater {
    public nonisolated let configuration: CatalogUpdaterConfiguration
    private let clock: any TipClock
    /// The catalog check's ETag and backoff, and the kill switch check's.
    private var catalogState: UpdaterState
    private var suspensionState: UpdaterState
    private var jitter: JitterSource
    private var last: Task<Void, Never>?

    /// The two documents a check fetches, each with its own `UpdaterState`.
    private enum Document {
        case catalog
        case suspension
    }

    /// An updater for `configuration`; `clock` times the backoff (a `ManualClock` in tests);
    /// `jitterSeed` makes the backoff's random part repeatable (tests), nil draws it from the
    /// system's generator. The clock must be a wall clock (as `SystemClock` is): the next
    /// check's instant is kept across launches.
    public init(_ configuration: CatalogUpdaterConfiguration, clock: any TipClock = SystemClock(), jitterSeed: UInt64? = nil) {
        self.configuration = configuration
        self.clock = clock
        self.jitter = JitterSource(seed: jitterSeed)
        self.catalogState = UpdaterState(file: configuration.stateFile)
        self.suspensionState = UpdaterState(file: configuration.suspensionStateFile)
    }

    /// Failed catalog checks in a row since the last success (this run's, and those kept in
    /// the state folder by earlier runs).
    public var consecutiveFailures: Int { state(.catalog).failures }

    /// When the next catalog check may send a request (a `TipClock` instant); nil when it
    /// may now.
    public var nextAttempt: Int64? { state(.catalog).retryAt }

    /// Failed kill switch checks (`checkSuspension`) in a row since the last success.
    public var consecutiveSuspensionFailures: Int { state(.suspension).failures }

    /// When the next kill switch check may send a request; nil when it may now.
    public var nextSuspensionAttempt: Int64? { state(.suspension).retryAt }

    /// Why a state file in `stateFolder` was ignored or changed when it was read (not
    /// readable, not an updater state, an ETag that cannot be sent, a next check further off
    /// than the longest wait), the catalog's then the suspension's; nil when they read well
    /// or there were none. Never thrown: the updater then starts afresh (or with the
    /// shortened wait).
    public var stateProblem: String? {
        let problems = [state(.catalog).problem, state(.suspension).problem].compactMap { $0 }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// Forgets the failures of both checks: the next ones send at once (say, when the network
    /// came back).
    public func resetBackoff() {
        modify(.catalog) { $0.resetBackoff() }
        modify(.suspension) { $0.resetBackoff() }
    }

    /// Checks the server for a catalog newer than `runningVersion`: an update that passed
    /// every check, `notModified` (304) or `upToDate`, or a `CatalogFetchError` saying what
    /// went wrong. Nothing but `.update` is a new catalog.
    public func check(runningVersion: UInt64) async throws(CatalogFetchError) -> CatalogFetch {
        try await serialized { await $0.attemptCatalog(runningVersion: runningVersion) }
    }

    /// Fetches the kill switch, `<baseURL>/suspension.json` (Docs/remote.md, "Fetching the
    /// kill switch"), and hands it to `store.applySuspension`, which verifies it with the
    /// configuration's keys and catalog id and puts it in force: `applied` (the tips it
    /// names are hidden now, or shown again when it lifts them), `notModified` (304),
    /// `upToDate` (the document in force, served again), `notPublished` (404: no kill switch
    /// was ever written; what is in force stays), or a `CatalogFetchError` whose `resource`
    /// is `suspension`. Only `applied` changes what the app shows; a document the store
    /// refuses (a bad signature, an untrusted key, another catalog, a serial not above the
    /// one in force) is `rejected` with the store's `CatalogUpdateError` kind.
    ///
    /// A call of its own rather than part of `check`: `check` hands the app a catalog to
    /// adopt when it chooses, while a kill switch must go in force at once, so this one
    /// needs the store, whose serial in force decides what is new; and the two must fail
    /// apart. A refused or broken publication, the very thing a kill switch is for, must
    /// not stop it, so each has its own error, ETag and backoff. Call it whenever `check` is
    /// called, or more often: with the ETag, an unchanged document costs a 304.
    ///
    /// The request is conditional while the store holds the serial the remembered ETag
    /// answered for, or a newer one (a store that lost its document, say one without a
    /// `LiveCatalog` after a relaunch, fetches it whole again); the body is read up to
    /// `CatalogSuspension.maxByteCount` (64 KiB); the timeouts and the backoff policy are
    /// the catalog check's.
    public func checkSuspension(store: TipStore) async throws(CatalogFetchError) -> SuspensionFetch {
        try await serialized { await $0.attemptSuspension(store: store) }
    }

    /// Runs `work` after every check started before it, cancelled with the calling task.
    private func serialized<Value: Sendable>(
        _ work: @escaping @Sendable (isolated CatalogUpdater) async -> Result<Value, CatalogFetchError>
    ) async throws(CatalogFetchError) -> Value {
        let previous = last
        let task = Task { () -> Result<Value, CatalogFetchError> in
            await previous?.value
            return await work(self)
        }
        last = Task { _ = await task.value }
        return try await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }.get()
    }

    private func attemptCatalog(runningVersion: UInt64) async -> Result<CatalogFetch, CatalogFetchError> {
        await attempt(.catalog) { () async throws(CatalogFetchError) -> CatalogFetch in
            try await fetch(runningVersion: runningVersion)
        }
    }

    private func attemptSuspension(store: TipStore) async -> Result<SuspensionFetch, CatalogFetchError> {
        await attempt(.suspension) { () async throws(CatalogFetchError) -> SuspensionFetch in
            try await fetchSuspension(store: store)
        }
    }

    /// One check of `document`, within its backoff: held back while the backoff runs; a
    /// success resets it, a failure (not a cancellation) extends it.
    private func attempt<Value: Sendable>(_ document: Document,
                                          _ fetch: () async throws(CatalogFetchError) -> Value) async -> Result<Value, CatalogFetchError> {
        // An actor runs on the cooperative pool; this holds that promise in every debug build.
        dispatchPrecondition(condition: .notOnQueue(.main))
        if Task.isCancelled { return .failure(CatalogFetchError(.cancelled, nil, "the check was cancelled")) }
        let held = state(document)
        if let retryAt = held.retryAt, clock.now() < retryAt {
            let failures = held.failures
            var error = CatalogFetchError(.backingOff, nil, "\(failures) failed \(document == .suspension ? "kill switch " : "")check"
                + "\(failures == 1 ? "" : "s") in a row: the next request goes out in \(retryAt - clock.now()) ms")
            error.retryAt = retryAt
            return .failure(error)
        }
        do throws(CatalogFetchError) {
            let result = try await fetch()
            modify(document) { $0.resetBackoff() }
            return .success(result)
        } catch {
            guard error.kind != .cancelled else { return .failure(error) }
            let failures = modify(document) { state -> Int in
                state.failures += 1
                return state.failures
            }
            let now = clock.now()
            var delay = configuration.backoff.delay(afterFailures: failures, random: jitter.next())
            var error = error
            if case .httpStatus(let code) = error.kind, code == 429 || code == 503, let header = error.retryAfter {
                if let asked = RetryAfter.milliseconds(header, now: now, limit: configuration.backoff.retryAfterLimitMilliseconds) {
                    delay = max(delay, asked)
                } else {
                    error.message += " (its Retry-After '\(header.prefix(64))' is neither seconds nor an HTTP date: ignored)"
                }
            }
            let (next, overflow) = now.addingReportingOverflow(delay)
            let retryAt = overflow ? Int64.max : next
            modify(document) { state in
                state.retryAt = retryAt
                state.save()
            }
            error.retryAt = retryAt
            return .failure(error)
        }
    }

    private func fetch(runningVersion: UInt64) async throws(CatalogFetchError) -> CatalogFetch {
        let manifestURL = configuration.baseURL.appendingPathComponent(CatalogManifest.fileName)
        // An ETag is sent only for a manifest whose version the app runs (or ran): one that
        // led to an update not yet adopted must be fetched again, or it would never arrive.
        let known = state(.catalog).remembered
        let etag = known.flatMap { known in
            known.url == manifestURL.absoluteString && known.catalog == configuration.catalog
                && known.version <= runningVersion ? known.etag : nil
        }
        let manifestResponse = try await download(manifestURL, .manifest, limit: CatalogManifest.maxByteCount, ifNoneMatch: etag)
        if manifestResponse.status == 304 { return .notModified }

        let manifestBytes = manifestResponse.body
        let manifest: CatalogManifest
        do throws(CatalogUpdateError) {
            manifest = try CatalogUpdate.checkManifest(manifestBytes, trustedKeys: configuration.trustedKeys,
                                                       catalog: configuration.catalog, runningVersion: runningVersion)
        } catch {
            // `notNewer` comes after the signature and identity checks: a signed manifest of
            // the running version is no failure, only nothing to do.
            if error.kind == .notNewer, let same = try? CatalogManifest.decode(manifestBytes), same.version == runningVersion {
                remember(.catalog, manifestResponse.etag, url: manifestURL, version: same.version)
                return .upToDate
            }
            throw CatalogFetchError(error, .manifest)
        }
        let limit = min(configuration.bundleLimit, TipStore.bundleLimit.bytes)
        guard manifest.size <= limit else {
            throw CatalogFetchError(.tooLarge, .bundle, "the manifest's bundle is \(manifest.size) bytes; at most \(limit) are downloaded")
        }
        // The signed size is the limit: a byte more is not the bundle that was signed.
        let bundleURL = configuration.baseURL.appendingPathComponent(manifest.bundle)
        let bundleResponse = try await download(bundleURL, .bundle, limit: manifest.size, ifNoneMatch: nil)
        let update: CatalogUpdate
        do throws(CatalogUpdateError) {
            update = try CatalogUpdate.check(manifest: manifestBytes, bundle: bundleResponse.body, trustedKeys: configuration.trustedKeys,
                                             catalog: configuration.catalog, runningVersion: runningVersion)
        } catch {
            throw CatalogFetchError(error, .bundle)
        }
        remember(.catalog, manifestResponse.etag, url: manifestURL, version: manifest.version)
        return .update(update)
    }

    private func download(_ url: URL, _ resource: CatalogFetchError.Resource, limit: Int,
                          ifNoneMatch: String?) async throws(CatalogFetchError) -> Download.Response {
        try await Download(url: url, resource: resource, limit: limit, ifNoneMatch: ifNoneMatch,
                           idleTimeout: configuration.idleTimeout, totalTimeout: configuration.totalTimeout).run()
    }

    private func fetchSuspension(store: TipStore) async throws(CatalogFetchError) -> SuspensionFetch {
        let url = configuration.baseURL.appendingPathComponent(CatalogSuspension.fileName)
        let inForce = store.suspension
        // As for the manifest: an ETag is sent only while the store holds what it answered
        // for, or it would hide a document the store lost behind a 304.
        let etag = state(.suspension).remembered.flatMap { known in
            known.url == url.absoluteString && known.catalog == configuration.catalog
                && known.version <= (inForce?.serial ?? 0) ? known.etag : nil
        }
        let response: Download.Response
        do throws(CatalogFetchError) {
            response = try await download(url, .suspension, limit: CatalogSuspension.maxByteCount, ifNoneMatch: etag)
        } catch where error.kind == .httpStatus(404) {
            // Not an error: nothing was ever written (or it was removed). It lifts nothing:
            // only a newer signed document does.
            remember(.suspension, nil, url: url, version: 0)
            return .notPublished
        }
        if response.status == 304 { return .notModified }

        let served: CatalogSuspension
        do throws(CatalogManifest.Failure) {
            served = try CatalogSuspension.decode(response.body)
        } catch {
            // The store's own kind for a body that is not a suspension document.
            throw CatalogFetchError(CatalogUpdateError(.malformedManifest, "suspension: \(error.description)"), .suspension)
        }
        // The very document in force (it was verified when it was applied), fetched again
        // without an ETag: nothing to do, and no failure to back off from. Any other
        // document with a serial not above it is a replay the store refuses.
        if let inForce, served == inForce {
            remember(.suspension, response.etag, url: url, version: served.serial)
            return .upToDate
        }
        do throws(CatalogUpdateError) {
            try store.applySuspension(response.body, trustedKeys: configuration.trustedKeys, catalog: configuration.catalog)
        } catch {
            throw CatalogFetchError(error, .suspension)
        }
        remember(.suspension, response.etag, url: url, version: served.serial)
        return .applied(served)
    }

    /// `document`'s state, its file read the first time.
    private func state(_ document: Document) -> UpdaterState {
        modify(document) { $0 }
    }

    private func modify<R>(_ document: Document, _ change: (inout UpdaterState) -> R) -> R {
        let now = { [clock] in clock.now() }
        switch document {
        case .catalog:
            catalogState.load(now: now, backoff: configuration.backoff)
            return change(&catalogState)
        case .suspension:
            suspensionState.load(now: now, backoff: configuration.backoff)
            return change(&suspensionState)
        }
    }

    /// Remembers a response that ended a check of `document` well.
    private func remember(_ document: Document, _ etag: String?, url: URL, version: UInt64) {
        modify(document) { $0.remember(etag, url: url, catalog: configuration.catalog, version: version) }
    }
}
