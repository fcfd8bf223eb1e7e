import TipsSignature

/// How a store with a journal keeps and prefers adopted catalogs (Docs/remote.md,
/// "Kept for the next launch"): what the app's embedded catalog is, the keys a stored copy
/// must still verify with, and how many launches an adopted catalog may go unconfirmed.
///
///     let live = LiveCatalog(catalog: "com.example.notes", embeddedVersion: 6, trustedKeys: keys)
///     let store = try TipStore(bundle: embedded, journalURL: url, live: live)
///     ...   // once the app has shown its first screen:
///     store.markLaunchSucceeded()
public struct LiveCatalog: Sendable {
    /// The catalog id the app publishes under (`tipc publish --catalog`).
    public var catalog: String
    /// The version of the catalog embedded in this build of the app: a stored catalog is
    /// preferred only when it is newer (an app update with a newer catalog wins).
    public var embeddedVersion: UInt64
    /// The public keys, by id, a stored catalog must verify with at every launch.
    public var trustedKeys: [String: Ed25519.PublicKey]
    /// After this many consecutive launches with the adopted catalog that never called
    /// `markLaunchSucceeded()`, the store opens with the embedded catalog instead.
    public var maxUnconfirmedLaunches: Int

    public init(catalog: String, embeddedVersion: UInt64, trustedKeys: [String: Ed25519.PublicKey], maxUnconfirmedLaunches: Int = 3) {
        self.catalog = catalog
        self.embeddedVersion = embeddedVersion
        self.trustedKeys = trustedKeys
        self.maxUnconfirmedLaunches = max(1, maxUnconfirmedLaunches)
    }
}

/// Which catalog a store opened with, and why (`TipStore.liveCatalogLaunch`).
public enum LiveCatalogLaunch: Sendable, Hashable, CustomStringConvertible {
    /// The embedded catalog: no live catalog configured, or none stored.
    case embedded
    /// The stored adopted catalog of `version`; this is its `launch`-th launch without a
    /// `markLaunchSucceeded()`.
    case adopted(version: UInt64, launch: Int)
    /// A stored catalog was there but did not verify or was not newer than the embedded
    /// one; the store runs the embedded catalog and removed the stored copy.
    case ignored(reason: String)
    /// The adopted catalog of `version` was launched `launches` times without a
    /// confirmation; the store fell back to the embedded catalog, and refuses to adopt
    /// that version (or an older one) again.
    case rolledBack(version: UInt64, launches: Int)

    public var description: String {
        switch self {
        case .embedded: "the embedded catalog"
        case .adopted(let v, let n): "adopted catalog version \(v) (unconfirmed launch \(n))"
        case .ignored(let why): "the embedded catalog; the stored catalog was ignored: \(why)"
        case .rolledBack(let v, let n): "the embedded catalog; adopted catalog version \(v) rolled back after \(n) unconfirmed launches"
        }
    }
}
