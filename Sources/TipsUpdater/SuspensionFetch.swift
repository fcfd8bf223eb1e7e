import TipsSignature

/// What a successful `CatalogUpdater.checkSuspension(store:)` found. Only `applied` changed
/// what the app shows.
public enum SuspensionFetch: Sendable, Hashable {
    /// A newer kill switch, downloaded and put in force by the store (`applySuspension`
    /// checked its signature, catalog and serial): the tips it names are hidden now, or
    /// shown again if it lifts them.
    case applied(CatalogSuspension)
    /// The server answered 304 to the remembered ETag: `suspension.json` has not changed
    /// since it was last fetched, and the store holds that serial or a newer one.
    case notModified
    /// The document served is the one the store has in force (the same signed document,
    /// fetched again without an ETag, say after a relaunch): nothing to do.
    case upToDate
    /// The server answered 404: no kill switch is published. What the store has in force
    /// stays (only a newer signed document lifts a suspension; a missing file could be a
    /// hosting mistake or anyone between app and host).
    case notPublished
}
