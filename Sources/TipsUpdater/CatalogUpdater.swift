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
/// `backingOff`), doubling with each failure in a row up to a cap. A failure changes
/// nothing but the backoff: what the app runs and the remembered ETag stay as they were.
///
/// An actor, so its work never runs on the main thread; checks run one at a time (a check
/// started while another runs waits for it).
public actor CatalogUpdater {
    public nonisolated let configuration: CatalogUpdaterConfiguration
    private let clock: any TipClock
    private var failures = 0
    private var retryAt: Int64?
    private var remembered: RememberedManifest?
    private var loadedRemembered = false
    private var last: Task<Void, Never>?

    /// An updater for `configuration`; `clock` times the backoff (a `ManualClock` in tests).
    public init(_ configuration: CatalogUpdaterConfiguration, clock: any TipClock = SystemClock()) {
        self.configuration = configuration
        self.clock = clock
    }

    /// Failed checks in a row since the last success.
    public var consecutiveFailures: Int { failures }

    /// When the next check may send a request (a `TipClock` instant); nil when it may now.
    public var nextAttempt: Int64? { retryAt }

    /// Forgets the failures: the next check sends at once (say, when the network came back).
    public func resetBackoff() {
        failures = 0
        retryAt = nil
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
            let next = clock.now() &+ configuration.backoff.delay(afterFailures: failures)
            retryAt = next
            var error = error
            error.retryAt = next
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
        if !loadedRemembered {
            loadedRemembered = true
            remembered = configuration.stateFile.flatMap(RememberedManifest.read)
        }
        return remembered
    }

    /// Remembers a manifest response that ended a check well. A response without a usable
    /// ETag forgets the old one (it described an older manifest).
    private func remember(_ etag: String?, url: URL, version: UInt64) {
        loadedRemembered = true
        if let etag, RememberedManifest.isSendable(etag) {
            let next = RememberedManifest(etag: etag, url: url.absoluteString, catalog: configuration.catalog, version: version)
            guard next != remembered else { return }
            remembered = next
            if let file = configuration.stateFile { _ = next.write(to: file) }
        } else if remembered != nil {
            remembered = nil
            if let file = configuration.stateFile { try? FileManager.default.removeItem(at: file) }
        }
    }
}
