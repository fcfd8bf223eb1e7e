import TipsJournal
import TipsSignature

extension TipStore {
    /// The manifest of the catalog the store runs when it is an adopted one; nil while it
    /// runs the catalog it was opened with.
    public var liveManifest: CatalogManifest? { engine.withLock { $0.liveManifest } }

    /// Adopts a downloaded catalog that `CatalogUpdate.check` accepted, while running:
    /// compares it with the running catalog and this user's state (`CatalogCompatibility`:
    /// a tip, parameter or event that holds state here and is gone without a declared
    /// rename, a stored value the new type cannot read, a parameter the app sets or an
    /// event payload the app donates that changed, a reusable tip's arguments), writes the
    /// records that carry state across declared renames, swaps the catalog under the
    /// store's lock, re-evaluates every tip and tells every observer whose status changed
    /// (and `catalogAdoptions()` listeners, for content).
    ///
    /// A store opened with a `LiveCatalog` keeps the adopted catalog beside the journal
    /// (written atomically before the swap) and prefers it at the next launch.
    ///
    /// A refusal throws `CatalogAdoptionError` listing every problem, and changes nothing:
    /// statuses, the journal's bytes, observers (none is told anything).
    @discardableResult
    public func adopt(_ update: CatalogUpdate) throws(CatalogAdoptionError) -> CatalogAdoption {
        let new = Catalog(update.verified)
        let (result, delivering) = lockedEngine(writing: true) { e throws(TipStoreError) -> Result<CatalogAdoption, CatalogAdoptionError> in
            if let live = e.liveManifest {
                guard update.manifest.catalog == live.catalog else {
                    return .failure(CatalogAdoptionError(.otherCatalog,
                        "the update is catalog '\(update.manifest.catalog)'; the store runs '\(live.catalog)'"))
                }
                guard update.manifest.version > live.version else {
                    return .failure(CatalogAdoptionError(.notNewer,
                        "the update is version \(update.manifest.version); the store runs version \(live.version)"))
                }
            }
            if let failed = rolledBackVersion, update.manifest.version <= failed {
                return .failure(CatalogAdoptionError(.rolledBack,
                    "catalog version \(update.manifest.version) not adopted: version \(failed) was rolled back after failed launches"))
            }
            let problems = CatalogCompatibility.problems(running: e.catalog, adopted: new, state: e.state)
            guard problems.isEmpty else { return .failure(.incompatible(problems, version: update.manifest.version)) }
            let before = e.snapshot()
            let carried = TipStore.renameRecords(new.bundle, state: e.state)
            // Kept for the next launch first: a failure here changes nothing.
            let previousFile = liveFiles.flatMap { f in f.exists ? f.readCatalog() : nil }
            do throws(TipStoreError) {
                try storeAdopted(update)
                try e.commit(carried)
            } catch {
                if let files = liveFiles {
                    if case .success(let p)? = previousFile {
                        try? files.write(LiveCatalogFiles.encode(manifest: p.manifest, bundle: p.bundle), to: files.catalogPath)
                    } else {
                        files.remove(files.catalogPath)
                    }
                }
                return .failure(CatalogAdoptionError(.journal, "catalog version \(update.manifest.version) not adopted: \(error.message)"))
            }
            let oldNames = Set(e.catalog.tipIndex.keys), newNames = Set(new.tipIndex.keys)
            let previous = e.liveManifest?.version
            e.swapCatalog(to: new)
            e.liveManifest = update.manifest
            let after = e.snapshot()
            var changes: [CatalogAdoption.TipChange] = []
            for (id, b) in before.sorted(by: { $0.key < $1.key }) {
                // A tip renamed by id keeps its record: compare it under the id it moved to.
                let movedID = after[id] != nil ? id : new.renamed(.tip, from: id).flatMap { new.plainID(ofTip: $0) }
                let a = movedID.flatMap { after[$0] }
                let statusAfter = a?.status ?? .notInLiveCatalog
                let contentChanged = a.map { $0.content.title != b.content.title || $0.content.message != b.content.message
                    || $0.content.image != b.content.image || $0.content.actions != b.content.actions } ?? true
                if statusAfter != b.status || contentChanged {
                    changes.append(.init(tip: b.tip, id: movedID ?? id, statusBefore: b.status, statusAfter: statusAfter,
                                         contentChanged: contentChanged))
                }
            }
            return .success(CatalogAdoption(manifest: update.manifest, previousVersion: previous, changes: changes,
                                            addedTips: newNames.subtracting(oldNames).sorted(),
                                            removedTips: oldNames.subtracting(newNames).sorted(),
                                            carriedRecords: carried.count))
        }
        if delivering { deliveries.drain() }
        let adoption: CatalogAdoption
        switch result {
        case .failure(let error): throw CatalogAdoptionError(.closed, error.message)
        case .success(.failure(let error)): throw error
        case .success(.success(let a)): adoption = a
        }
        // The presenter showing a tip whose text, image or actions changed redraws it in place.
        for change in adoption.changes where change.contentChanged {
            presentationClaims.owner(of: change.tip)?.contentChanged(change.tip)
        }
        for c in adoptionListeners.withLock({ Array($0.values) }) { c.yield(adoption) }
        return adoption
    }

    /// Every catalog the store adopts from now on, as `adopt(_:)` reports it: for UI that
    /// shows a tip's content and must refresh it when the text changes. Ends when the store
    /// closes; stop listening by cancelling the consuming task.
    public func catalogAdoptions() -> AsyncStream<CatalogAdoption> {
        let (stream, continuation) = AsyncStream.makeStream(of: CatalogAdoption.self, bufferingPolicy: .unbounded)
        let id = adoptionListeners.withLock { listeners -> Int in
            let id = (listeners.keys.max() ?? 0) + 1
            listeners[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in self?.adoptionListeners.withLock { $0[id] = nil } }
        return stream
    }
}
