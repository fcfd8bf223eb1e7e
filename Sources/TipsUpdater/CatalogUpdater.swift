import Dispatch
import Foundation
import TipsRuntime
import TipsSignature

/// Fetches a published catalog (Docs/remote.md, "Fetching"): the manifest, then, when it is
/// signed by a trusted key and newer than what the app runs, the bundle it names, checked
/// with `CatalogUpdate.check`. The host app decides when to check:
///
///     let updater = CatalogUpdater(CatalogUpdaterConfiguration(
///         baseURL: URL(string: "https://tips.example.com/notes/")!, catalog: "com.example.notes",
///         trustedKeys: keys, stateFolder: journalFolder))
///     switch try await updater.check(runningVersion: 6) {
///     case .update(let update): ...       // hand it to the store
///     case .notModified, .upToDate: break
///     }
///
/// The manifest request is conditional (If-None-Match with the ETag of the last manifest
/// that led to an update or named the running version, remembered in `stateFolder`); every
/// body is cut off at its limit while it arrives; downloads time out when idle and in all.
/// After a failure the updater sends nothing until the backoff delay has passed (it throws
/// `backingOff`), doubling with each failure in a row up to a cap, less a random part
/// (`CatalogUpdaterBackoff.jitter`), and at least as long as a 429's or 503's `Retry-After`
/// asks (cut to `retryAfterLimit`). The backoff is kept in `stateFolder` with the ETag, so
/// a relaunched app waits as the last run would have. A failure changes nothing but the
/// backoff: what the app runs and the remembered ETag stay as they were.
///
/// An actor, so its work never runs on the main thread; checks run one at a time (a check
/// started while another runs waits for it).
public actor CatalogUpdater {
    public nonisolated let configuration: CatalogUpdaterConfiguration
    private let clock: any TipClock
    private var failures = 0
    private var retryAt: Int64?
    private var remembered: RememberedManifest?
    private var loadedState = false
    private var problem: String?
    private var jitter: JitterSource
    private var last: Task<Void, Never>?

    /// An updater for `configuration`; `clock` times the backoff (a `ManualClock` in tests);
    /// `jitterSeed` makes the backoff's random part repeatable (tests), nil draws it from the
    /// system's generator. The clock must be a wall clock (as `SystemClock` is): the next
    /// check's instant is kept across launches.
    public init(_ configuration: CatalogUpdaterConfiguration, clock: any TipClock = SystemClock(), jitterSeed: UInt64? = nil) {
        self.configuration = configuration
        self.clock = clock
        self.jitter = JitterSource(seed: jitterSeed)
    }

    /// Failed checks in a row since the last success (this run's, and those kept in the
    /// state folder by earlier runs).
    public var consecutiveFailures: Int {
        loadState()
        return failures
    }

    /// When the next check may send a request (a `TipClock` instant); nil when it may now.
    public var nextAttempt: Int64? {
        loadState()
        return retryAt
    }

    /// Why the state file in `stateFolder` was ignored or changed when it was read (not
    /// readable, not an updater state, an ETag that cannot be sent, a next check further off
    /// than the longest wait); nil when it read well or there was none. Never thrown: the
    /// updater then starts afresh (or with the shortened wait).
    public var stateProblem: String? {
        loadState()
        return problem
    }

    /// Forgets the failures: the next check sends at once (say, when the network came back).
    public func resetBackoff() {
        loadState()
        guard failures != 0 || retryAt != nil else { return }
        failures = 0
        retryAt = nil
        saveState()
    }

    /// Checks the server for a catalog newer than `runningVersion`: an update that passed
    /// every check, `notModified` (304) or `upToDate`, or a `CatalogFetchError` saying what
    /// went wrong. Nothing but `.update` is a new catalog.
    public func check(runningVersion: UInt64) async throws(CatalogFetchError) -> CatalogFetch {
        let previous = last
        let task = Task { () -> Result<CatalogFetch, CatalogFetchError> in
            await previous?.value
            return await self.attempt(runningVersion: runningVersion)
        }
        last = Task { _ = await task.value }
        return try await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }.get()
    }

    private func attempt(runningVersion: UInt64) async -> Result<CatalogFetch, CatalogFetchError> {
        // An actor runs on the cooperative pool; this holds that promise in every debug build.
        dispatchPrecondition(condition: .notOnQueue(.main))
        if Task.isCancelled { return .failure(CatalogFetchError(.cancelled, nil, "the check was cancelled")) }
        loadState()
        if let retryAt, clock.now() < retryAt {
            var error = CatalogFetchError(.backingOff, nil, "\(failures) failed check\(failures == 1 ? "" : "s") in a row: "
                + "the next request goes out in \(retryAt - clock.now()) ms")
            error.retryAt = retryAt
            return .failure(error)
        }
        do throws(CatalogFetchError) {
            let result = try await fetch(runningVersion: runningVersion)
            resetBackoff()
            return .success(result)
        } catch {
            guard error.kind != .cancelled else { return .failure(error) }
            failures += 1
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
            retryAt = overflow ? .max : next
            error.retryAt = retryAt
            saveState()
            return .failure(error)
        }
    }

    private func fetch(runningVersion: UInt64) async throws(CatalogFetchError) -> CatalogFetch {
        let manifestURL = configuration.baseURL.appendingPathComponent(CatalogManifest.fileName)
        // An ETag is sent only for a manifest whose version the app runs (or ran): one that
        // led to an update not yet adopted must be fetched again, or it would never arrive.
        let known = rememberedManifest()
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
                remember(manifestResponse.etag, url: manifestURL, version: same.version)
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
        remember(manifestResponse.etag, url: manifestURL, version: manifest.version)
        return .update(update)
    }

    private func download(_ url: URL, _ resource: CatalogFetchError.Resource, limit: Int,
                          ifNoneMatch: String?) async throws(CatalogFetchError) -> Download.Response {
        try await Download(url: url, resource: resource, limit: limit, ifNoneMatch: ifNoneMatch,
                           idleTimeout: configuration.idleTimeout, totalTimeout: configuration.totalTimeout).run()
    }

    private func rememberedManifest() -> RememberedManifest? {
        loadState()
        return remembered
    }

    /// Reads the state file once: the remembered manifest and the backoff of earlier runs.
    /// A next check further off than the longest wait there can be (a clock set back, a
    /// file edited) is cut to that wait from now.
    private func loadState() {
        guard !loadedState else { return }
        loadedState = true
        guard let file = configuration.stateFile else { return }
        let (state, why) = UpdaterStateFile.read(file)
        problem = why
        guard let state else { return }
        remembered = state.remembered
        failures = max(failures, state.failures ?? 0)
        if let at = state.retryAt {
            let now = clock.now(), longest = configuration.backoff.longestWaitMilliseconds
            let (cap, overflow) = now.addingReportingOverflow(longest)
            if !overflow, at > cap {
                problem = "the updater state file '\(file.path)' asked for the next check at \(at), "
                    + "more than the longest wait (\(longest) ms) from now: shortened to it"
                retryAt = cap
            } else {
                retryAt = at
            }
        }
    }

    /// Writes the state file (atomically) after a change of the manifest or the backoff.
    private func saveState() {
        guard let file = configuration.stateFile else { return }
        _ = UpdaterStateFile(remembered: remembered, failures: failures, retryAt: retryAt).write(to: file)
    }

    /// Remembers a manifest response that ended a check well. A response without a usable
    /// ETag forgets the old one (it described an older manifest).
    private func remember(_ etag: String?, url: URL, version: UInt64) {
        loadState()
        if let etag, RememberedManifest.isSendable(etag) {
            let next = RememberedManifest(etag: etag, url: url.absoluteString, catalog: configuration.catalog, version: version)
            guard next != remembered else { return }
            remembered = next
            saveState()
        } else if remembered != nil {
            remembered = nil
            saveState()
        }
    }
}
