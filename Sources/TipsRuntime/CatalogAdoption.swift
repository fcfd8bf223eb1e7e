import TipsSignature

/// What `TipStore.adopt(_:)` changed: the store runs `manifest`'s catalog now. Observers
/// were told every status change listed here (streams and presenters, as for any change);
/// `catalogAdoptions()` delivers this report to those who show content.
public struct CatalogAdoption: Sendable, Hashable {
    /// One tip whose status or content the adoption changed.
    public struct TipChange: Sendable, Hashable {
        /// The tip as the app addressed it (its name in the catalog it ran before).
        public var tip: TipKey
        /// Its instance id in the adopted catalog.
        public var id: String
        public var statusBefore: TipStatus
        public var statusAfter: TipStatus
        /// Whether what a UI shows for it (title, message, image, actions) changed.
        public var contentChanged: Bool
    }

    /// The adopted catalog's manifest.
    public var manifest: CatalogManifest
    /// The version that ran before; nil for the embedded catalog.
    public var previousVersion: UInt64?
    /// Tips whose status or content changed (by id).
    public var changes: [TipChange]
    /// Declared names the new catalog adds, and those it no longer has (without state:
    /// a removal that would lose state is refused).
    public var addedTips: [String]
    public var removedTips: [String]
    /// The journal records written to carry state across declared renames.
    public var carriedRecords: Int
}
