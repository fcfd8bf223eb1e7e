/// The catalog the app was built with (its typed Swift is generated from it), kept so that
/// a name an adopted catalog removed is told apart from a misspelling: the first answers
/// `notInLiveCatalog` and is accepted, the second still throws. Held as the loaded catalog
/// when the store opened with it, else as its bytes, verified only when a name misses in
/// the running catalog (a launch with a kept adopted catalog never loads it otherwise).
struct EmbeddedCatalog: Sendable {
    private var bytes: [UInt8]?
    private var loaded: Catalog?
    private var failed = false

    /// The store opened with `catalog` itself.
    init(_ catalog: Catalog) { loaded = catalog }

    /// The store opened with an adopted catalog; `bytes` is the embedded bundle.
    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The embedded catalog, verified on first use (nil when its bytes do not verify, which
    /// an app's own bundle only fails when the store was opened with an adopted catalog
    /// and a broken embedded one: then every miss is an unknown name, as before).
    mutating func catalog() -> Catalog? {
        if let loaded { return loaded }
        guard !failed, let bytes else { return nil }
        do throws(TipStoreError) {
            loaded = try TipStore.verify(bytes)
            self.bytes = nil
        } catch {
            failed = true
        }
        return loaded
    }
}
