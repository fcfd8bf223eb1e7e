import Foundation
import TipsJournal
import TipsSignature

extension TipStore {
    /// Opens the store as `init(bundle:journalURL:...)` does, preferring the catalog it
    /// adopted in an earlier run (kept beside the journal) over `bundle`, the embedded one,
    /// when that copy still verifies with `live.trustedKeys`, is `live.catalog` and is newer
    /// than `live.embeddedVersion`; a corrupt, tampered or superseded copy is removed and
    /// reported in `liveCatalogLaunch`, never thrown. A launch with the adopted catalog
    /// counts as failed until `markLaunchSucceeded()`; after `live.maxUnconfirmedLaunches`
    /// of them in a row the store opens with `bundle` by itself (`.rolledBack`).
    public convenience init(bundle: [UInt8], journalURL: URL, live: LiveCatalog, clock: any TipClock = SystemClock(),
                            overrides: TestingOverrides = .none, durability: Durability = .asynchronous) throws(TipStoreError) {
        try self.init(bundle: bundle, journalURL: journalURL, clock: clock, overrides: overrides, durability: durability,
                      io: .system, live: live)
    }

    /// Confirms that this launch works with the catalog it runs: the adopted catalog's
    /// count of unconfirmed launches starts again from zero. Call it once the app has shown
    /// its first screen; without a live catalog it does nothing.
    public func markLaunchSucceeded() {
        guard let files = liveFiles else { return }
        files.remove(files.launchesPath)
    }

    /// The catalog this store opened with, and why (`.embedded` without a live catalog).
    public var liveCatalogLaunch: LiveCatalogLaunch { launchReport }

    /// The catalog to open with: the stored adopted one when it verifies, is newer than the
    /// embedded one and has not failed too many launches, else `embedded`.
    static func launchCatalog(embedded: [UInt8], live: LiveCatalog, files: LiveCatalogFiles)
        throws(TipStoreError) -> (catalog: Catalog, manifest: CatalogManifest?, launch: LiveCatalogLaunch) {
        guard files.exists else { return (try verify(embedded), nil, .embedded) }
        let update: CatalogUpdate
        switch files.readCatalog() {
        case .failure(let why):
            files.remove(files.catalogPath)
            return (try verify(embedded), nil, .ignored(reason: why.message))
        case .success(let parts):
            do throws(CatalogUpdateError) {
                update = try CatalogUpdate.check(manifest: parts.manifest, bundle: parts.bundle, trustedKeys: live.trustedKeys,
                                                 catalog: live.catalog, runningVersion: live.embeddedVersion)
            } catch {
                files.remove(files.catalogPath)
                files.remove(files.launchesPath)
                return (try verify(embedded), nil, .ignored(reason: "\(error.kind.rawValue): \(error.message)"))
            }
        }
        let launches = files.readNumber(files.launchesPath)
        if launches >= UInt64(live.maxUnconfirmedLaunches) {
            try files.write(Array("\(update.manifest.version)\n".utf8), to: files.failedPath)
            files.remove(files.catalogPath)
            files.remove(files.launchesPath)
            return (try verify(embedded), nil, .rolledBack(version: update.manifest.version, launches: Int(launches)))
        }
        // Counted before the app runs with it: a crash from here on is a failed launch.
        try files.writeCount(launches + 1, to: files.launchesPath)
        return (Catalog(update.verified), update.manifest, .adopted(version: update.manifest.version, launch: Int(launches + 1)))
    }

    /// Keeps an adopted catalog for the next launch (one atomic replacement of the file),
    /// with no unconfirmed launch yet.
    func storeAdopted(_ update: CatalogUpdate) throws(TipStoreError) {
        guard let files = liveFiles else { return }
        try files.write(LiveCatalogFiles.encode(manifest: update.manifest.encoded(), bundle: update.bundle), to: files.catalogPath)
        files.remove(files.launchesPath)
    }
}
