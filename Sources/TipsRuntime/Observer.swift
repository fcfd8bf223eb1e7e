/// What an observer watches.
enum ObservedTarget: Sendable {
    case tip(ResolvedTip)
    case group(Int)
    /// A tip the running catalog does not have (an adopted catalog removed it): its value
    /// is `.status(.notInLiveCatalog)`; an adoption that brings it back points the observer
    /// at it again.
    case removedTip(TipKey)
    /// A group an adopted catalog no longer has: its value stays what it is told
    /// (`.current(nil)`); nothing the store does changes it.
    case gone(ObservedValue)
}

/// A value an observer is told about.
enum ObservedValue: Equatable, Sendable {
    case status(TipStatus)
    case current(TipKey?)
    /// A phase observer's value (effectiveness events).
    case phase(TipPhase)
}

/// Where an observer's values go.
enum ObserverSink: Sendable {
    case statusStream(AsyncStream<TipStatus>.Continuation)
    case groupStream(AsyncStream<TipKey?>.Continuation)
    /// Called through the store's delivery queue (presenters).
    case callback(@Sendable (ObservedValue) -> Void)
    /// The store's own: turns phase changes into effectiveness events (`Engine+Events`).
    case effectiveness
}

/// One registered observer and the last value it was told (never repeated).
struct Observer {
    var target: ObservedTarget
    var sink: ObserverSink
    var last: ObservedValue?
}
