import Foundation
import TipsRuntime
import TipsSignature
import TipsUpdater

/// Tips as live data (Docs/remote.md): the catalog this app embeds is version 1 of
/// `com.example.listdetail`; newer published versions are downloaded by `CatalogUpdater`,
/// checked with the keys the app ships, and adopted by the running store, which keeps them
/// beside its journal for the next launch.
extension AppTips {
    /// The published catalog's id (`tipc publish --catalog`).
    static let catalogID = "com.example.listdetail"
    /// The version of the embedded catalog (its first publication).
    static let embeddedVersion: UInt64 = 1

    /// Opens the store as `makeStore` does, preferring a newer adopted catalog kept beside
    /// the journal (and rolling back to the embedded one after launches that never confirm).
    static func makeLiveStore(journalURL: URL, trustedKeys: [String: Ed25519.PublicKey],
                                     clock: any TipClock = SystemClock()) throws(TipStoreError) -> TipStore {
        try TipStore(bundle: bundle, journalURL: journalURL,
                     live: LiveCatalog(catalog: catalogID, embeddedVersion: embeddedVersion, trustedKeys: trustedKeys),
                     clock: clock)
    }
}

/// When the app checks for a newer catalog: one check, and an adoption if there is one.
public struct LiveTipsUpdater: Sendable {
    public let updater: CatalogUpdater
    public let store: TipStore

    public init(store: TipStore, baseURL: URL, trustedKeys: [String: Ed25519.PublicKey], stateFolder: URL?) {
        self.store = store
        updater = CatalogUpdater(CatalogUpdaterConfiguration(baseURL: baseURL, catalog: AppTips.catalogID,
                                                             trustedKeys: trustedKeys, stateFolder: stateFolder))
    }

    /// Checks once. Returns what the adoption changed, or nil when nothing newer is
    /// published. Throws `CatalogFetchError` or `CatalogAdoptionError`: then nothing changed,
    /// and the screens keep showing the catalog they showed.
    public func checkNow() async throws -> CatalogAdoption? {
        let running = store.liveManifest?.version ?? AppTips.embeddedVersion
        switch try await updater.check(runningVersion: running) {
        case .update(let update): return try store.adopt(update)
        case .notModified, .upToDate: return nil
        }
    }

    /// Checks the kill switch once (`suspension.json` beside the catalog): a newer signed
    /// document is put in force at once, hiding the tips it names without a new catalog.
    /// Throws `CatalogFetchError`: then the tips in force stay as they were.
    public func checkKillSwitch() async throws -> SuspensionFetch {
        try await updater.checkSuspension(store: store)
    }
}
