import TipsRuntime

// Effectiveness events (Docs/events.md) name the catalog they are about; the bundle carries
// no name or version, so the app says which: the id it publishes under and the version it
// runs (a downloaded one once adopted, else the embedded first publication).
extension AppTips {
    /// The catalog identity to register an effectiveness sink with:
    /// `store.setEventSink(EventSinkOptions(catalog: AppTips.catalogIdentity(of: store))) { ... }`.
    static func catalogIdentity(of store: TipStore) -> CatalogIdentity {
        CatalogIdentity(name: catalogID, version: store.liveManifest?.version ?? embeddedVersion)
    }
}
