import Foundation
import TipsJournal
import TipsRuntime
import TipsSignature

/// What a `CatalogUpdater` fetches, what it trusts, and how patiently.
public struct CatalogUpdaterConfiguration: Sendable {
    /// The published folder (`tipc publish -o`) as served: `manifest.json`, the bundles it
    /// names and the kill switch's `suspension.json` (`tipc suspend -o`) are fetched
    /// relative to it.
    public var baseURL: URL
    /// The app's catalog id; another catalog is refused.
    public var catalog: String
    /// The public keys the app ships, by key id.
    public var trustedKeys: [String: Ed25519.PublicKey]
    /// Where the ETags and the backoffs are kept between launches, written atomically: the
    /// manifest's in `<catalog>.etag.json`, the suspension's in
    /// `<catalog>.suspension.etag.json`. The journal's folder is the place. Nil keeps them
    /// in memory only (a relaunched app then checks at once).
    public var stateFolder: URL?
    /// The largest bundle downloaded; at most `TipStore.bundleLimit`, which is the default.
    public var bundleLimit: Int
    /// A download (manifest, bundle or suspension) fails when no byte arrives for this long.
    public var idleTimeout: Duration
    /// A download fails when it takes longer than this in all.
    public var totalTimeout: Duration
    public var backoff: CatalogUpdaterBackoff

    public init(baseURL: URL, catalog: String, trustedKeys: [String: Ed25519.PublicKey], stateFolder: URL? = nil,
                bundleLimit: Int = TipStore.bundleLimit.bytes, idleTimeout: Duration = .seconds(30),
                totalTimeout: Duration = .seconds(120), backoff: CatalogUpdaterBackoff = CatalogUpdaterBackoff()) {
        self.baseURL = baseURL
        self.catalog = catalog
        self.trustedKeys = trustedKeys
        self.stateFolder = stateFolder
        self.bundleLimit = bundleLimit
        self.idleTimeout = idleTimeout
        self.totalTimeout = totalTimeout
        self.backoff = backoff
    }

    /// The catalog check's state file, when there is a folder.
    var stateFile: URL? { stateFolder?.appendingPathComponent(catalog + ".etag.json") }

    /// The kill switch check's state file, when there is a folder: its own, so that the two
    /// checks' ETags and backoffs never mix.
    var suspensionStateFile: URL? { stateFolder?.appendingPathComponent(catalog + ".suspension.etag.json") }
}
