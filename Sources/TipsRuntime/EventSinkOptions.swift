/// How a store delivers effectiveness events to an app's sink (``TipStore/setEventSink(_:_:)``).
public struct EventSinkOptions: Hashable, Sendable {
    /// The catalog the events name.
    public var catalog: CatalogIdentity
    /// At most this many events wait for the sink. When it is full, new events are dropped
    /// (the oldest are kept, so what arrives is in order with a gap) and counted; once
    /// there is room again the sink receives one ``EffectivenessEvent/Kind/dropped(count:)``
    /// event where the gap is. Memory is bounded by this, however slow the sink.
    public var capacity: Int
    /// The largest batch handed to the sink in one call.
    public var maxBatch: Int
    /// Reusable instances are named by an opaque token (a hash of the instance id) unless
    /// this is true: an instance id is filled from the app's own argument values (a
    /// template id, a document name), which is free text from the app.
    public var includesInstanceIDs: Bool

    public init(catalog: CatalogIdentity, capacity: Int = 10_000, maxBatch: Int = 256, includesInstanceIDs: Bool = false) {
        self.catalog = catalog
        self.capacity = max(1, capacity)
        self.maxBatch = max(1, maxBatch)
        self.includesInstanceIDs = includesInstanceIDs
    }
}
