/// Reading state, and the testing overrides.
extension TipStore {
    /// The status of `tip` now: `notInLiveCatalog` for a tip of the app's catalog that an
    /// adopted catalog removed (never a throw for it); `unknownTip` for a name neither has.
    public func status(of tip: TipKey) throws(TipStoreError) -> TipStatus {
        try withEngine(writing: false) { e throws(TipStoreError) in
            // Resolve first: `e.status(try e.resolveAndRemember(tip))` copies the whole engine,
            // since the argument mutates `e` after the call has read it.
            switch try e.lookUp(tip) {
            case .live(let r): return e.status(r)
            case .removed: return .notInLiveCatalog
            }
        }
    }

    /// Exactly `status(of: tip) == .available`.
    public func shouldDisplay(_ tip: TipKey) throws(TipStoreError) -> Bool {
        try status(of: tip) == .available
    }

    /// The texts, image and actions of `tip`, templates filled from its arguments. Throws
    /// `notInLiveCatalog` for a tip an adopted catalog removed (it is never displayable, so
    /// a UI that reads content only for an available tip never meets it).
    public func content(of tip: TipKey) throws(TipStoreError) -> TipContent {
        try withEngine(writing: false) { e throws(TipStoreError) in
            // Resolve first: `e.content(try e.resolveAndRemember(tip))` copies the whole engine,
            // since the argument mutates `e` after the call has read it.
            let r = try e.liveTip(tip)
            return e.content(r)
        }
    }

    /// The available tips: plain tips in declaration order, then the reusable instances
    /// addressed in this run (a reusable tip's instances are only known once addressed).
    /// When tips declare a `priority`, higher priorities come first (ties keep that order).
    public func availableTips() -> [TipKey] {
        (try? withEngine(writing: false) { e in
            let available = e.knownTips().filter { e.status($0) == .available }
            guard e.catalog.budgets.hasPriorities else { return available.map(\.tip) }
            return available.enumerated().sorted { a, b in
                let (pa, pb) = (e.catalog.budgets.priority[a.element.index], e.catalog.budgets.priority[b.element.index])
                return pa != pb ? pa > pb : a.offset < b.offset
            }.map(\.element.tip)
        }) ?? []
    }

    /// The current tip of group `group`, or nil (see `TipStatus` and the semantics page:
    /// `firstAvailable` never pre-empts a displayed member; `ordered` waits for every
    /// earlier member to be invalidated).
    public func currentTip(inGroup group: TipGroupKey) throws(TipStoreError) -> TipKey? {
        try withEngine(writing: false) { e throws(TipStoreError) in e.currentMember(ofGroup: try TipStore.group(group.name, e))?.tip }
    }

    static func group(_ name: String, _ e: Engine) throws(TipStoreError) -> Int {
        guard let g = e.catalog.groupIndex[name] else { throw TipStoreError(.unknownGroup, "unknown group '\(name)'") }
        return g
    }

    /// A description of `tip`'s state for debugging: each rule's result, display count
    /// and time, cooldown and overrides.
    public func report(of tip: TipKey) throws(TipStoreError) -> TipReport {
        try withEngine(writing: false) { e throws(TipStoreError) in
            // Resolve first: `e.report(try e.resolveAndRemember(tip))` copies the whole engine,
            // since the argument mutates `e` after the call has read it.
            let r = try e.liveTip(tip)
            return e.report(r)
        }
    }

    /// The reports of every tip the store can name: plain tips in declaration order, then
    /// reusable instances addressed in this run. The whole state at a glance, for a debug
    /// screen or a log line.
    public func reports() -> [TipReport] {
        (try? withEngine(writing: false) { e in e.knownTips().map { e.report($0) } }) ?? []
    }

    // MARK: - Platform

    /// The platform rules (`rule platform == macOS`) and the `when` conditions of messages
    /// and actions test; ``TipPlatform/current`` until ``setPlatform(_:)``.
    public var platform: TipPlatform {
        engine.withLock { $0.platform }
    }

    /// Tells the store which platform the app runs on (an iPad app passes `.iPadOS`; tests
    /// and previews pass any). Content read afterwards follows it, and so do the statuses of
    /// tips whose rules test the platform (observers hear of the change).
    public func setPlatform(_ platform: TipPlatform) {
        _ = try? withEngine(writing: false) { e in
            e.platform = platform
            e.changedEverything()
        }
    }

    // MARK: - Overrides

    /// The testing overrides in effect (never persisted).
    public var testingOverrides: TestingOverrides {
        engine.withLock { $0.overrides }
    }

    /// Replaces the testing overrides; observers see the statuses they change.
    public func setTestingOverrides(_ overrides: TestingOverrides) {
        _ = try? withEngine(writing: false) { e in
            e.overrides = overrides
            e.changedEverything()
        }
    }
}
