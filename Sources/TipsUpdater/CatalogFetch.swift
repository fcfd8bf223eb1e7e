import TipsRuntime

/// What a successful `CatalogUpdater.check` found.
public enum CatalogFetch: Sendable {
    /// A new catalog, downloaded and passed by `CatalogUpdate.check`: hand it to the store.
    case update(CatalogUpdate)
    /// The server answered 304 to the remembered ETag: the manifest has not changed since
    /// it was last fetched. Nothing was downloaded.
    case notModified
    /// The manifest is signed and names the version the app runs: nothing to download.
    case upToDate
}
