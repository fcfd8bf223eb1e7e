/// Which catalog, and which publication of it, effectiveness events are about: the app
/// names it when it registers an event sink (the bundle itself carries neither), with the
/// same identity and version its signed manifests use (Docs/remote.md).
public struct CatalogIdentity: Hashable, Sendable {
    /// The catalog's identity, e.g. `com.example.notes`.
    public var name: String
    /// The running catalog's version (a manifest's `version`; 0 for a catalog that was
    /// never published).
    public var version: UInt64

    public init(name: String, version: UInt64) {
        self.name = name
        self.version = version
    }
}
