/// State changes: each returns once its journal records are acknowledged.
extension TipStore {
    /// Sets parameter `name` to `value`: the string API, for names only known at run time
    /// (tools, scenario files, a debug menu). App code uses the generated members,
    /// `setParameter(.itemCount, to: 3)`; the label keeps the two apart, so a misspelt
    /// generated name is reported against `TipParameter`, never `String`. Throws
    /// `unknownParameter`, or `wrongType` when the value doesn't have the declared type
    /// (an Int is accepted for a Double; `.null` only for an optional parameter; an enum
    /// case must be declared).
    public func setParameter(dynamic name: String, to value: TipValue) throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in try e.setParameter(name, value) }
    }

    /// The current value of parameter `name` (its default until set; a transient one
    /// until set in this run): the string API (see `setParameter(dynamic:to:)`).
    public func parameter(dynamic name: String) throws(TipStoreError) -> TipValue {
        try withEngine(writing: false) { e throws(TipStoreError) in try e.parameter(name) }
    }

    /// Donates `event` now (or at `instant`, ms since the epoch, e.g. when importing
    /// history): the string API, for names only known at run time. App code donates the
    /// generated members, `donate(.itemFavorited(source: .button))`; the label keeps the
    /// two apart, so a misspelt case is reported against the generated enum, never
    /// `String`. `payload` must give every declared field exactly once with its type.
    /// Matching `invalidate when` triggers fire in the same journal group.
    public func donate(dynamic event: String, _ payload: [String: TipValue] = [:], at instant: Int64? = nil) throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in try e.donate(event, payload, at: instant ?? e.rules.now) }
    }

    /// Reports that the host began presenting `tip`. Counts one display; calling it again
    /// before `presentationEnded` is the same presentation (re-renders don't count).
    public func presentationBegan(_ tip: TipKey) throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in
            // A tip the live catalog removed is never available, so never shown: nothing to count.
            if case .live(let r) = try e.lookUp(tip) { try e.presentationBegan(r) }
        }
    }

    /// Reports that the host stopped presenting `tip` (no-op if it wasn't). Applies the
    /// end-of-presentation limits (`maxDisplayCount`, `maxDisplayDuration`).
    public func presentationEnded(_ tip: TipKey) throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in
            if case .live(let r) = try e.lookUp(tip) { try e.presentationEnded(r) }
        }
    }

    /// Invalidates `tip` for good (until `resetEligibility`/`resetStore`). The first
    /// reason is kept. Use `.tipClosed` for a close button.
    public func invalidate(_ tip: TipKey, reason: TipInvalidationReason) throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in
            switch try e.lookUp(tip) {
            case .live(let r): try e.invalidate(r, reason: reason)
            case .removed(let r, _): try e.invalidateRemoved(r, reason: reason)
            }
        }
    }

    /// Performs action `action` of `tip`: runs its declared effects in order (invalidate,
    /// set a parameter from its expression, donate an event with computed payload, and the
    /// triggers those donations fire) as one journal group, all or nothing.
    public func perform(action: String, of tip: TipKey) throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in try e.perform(action: action, of: try e.liveTip(tip)) }
    }

    /// Returns `tip` to rule evaluation; keeps its display count and time, and all
    /// donations and parameters.
    public func resetEligibility(_ tip: TipKey) throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in
            if case .live(let r) = try e.lookUp(tip) { try e.resetEligibility(r) }
        }
    }

    /// Forgets everything: parameters (transient ones included), donations, display
    /// counts and invalidations. Recorded in the journal; earlier records no longer count.
    public func resetStore() throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in try e.resetStore() }
    }
}
