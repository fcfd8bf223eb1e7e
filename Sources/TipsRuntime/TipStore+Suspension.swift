import TipsSignature

extension TipStore {
    /// Puts a downloaded kill switch in force (Docs/remote.md, "The kill switch"): the
    /// signed `suspension.json` of the app's catalog hides the tips it names (or every tip,
    /// `*`) at once, observers hear it, and `explanation(of:)` says "suspended by the live
    /// catalog". It must decode, be signed by one of `trustedKeys` (`untrustedKey`,
    /// `badSignature`), be for `catalog` (`otherCatalog`) and have a serial above the one in
    /// force (`notNewer`, so an old one cannot be replayed); a refusal changes nothing. A
    /// store opened with a `LiveCatalog` keeps it beside the journal and puts it in force
    /// again at the next launch (after checking it again).
    public func applySuspension(_ bytes: [UInt8], trustedKeys: [String: Ed25519.PublicKey],
                                catalog: String) throws(CatalogUpdateError) {
        let suspension = try TipStore.checkSuspension(bytes, trustedKeys: trustedKeys, catalog: catalog, after: self.suspension?.serial ?? 0)
        let result: Result<Void, TipStoreError>
        let delivering: Bool
        (result, delivering) = lockedEngine(writing: false) { e throws(TipStoreError) in
            if let files = liveFiles { try files.write(suspension.encoded(), to: files.suspensionPath) }
            e.suspension = suspension
            e.resolveSuspension()
            e.changedEverything()
        }
        if delivering { deliveries.drain() }
        if case .failure(let error) = result { throw CatalogUpdateError(.notKept, "suspension not applied: \(error.message)") }
    }

    /// The kill switch in force, if any.
    public var suspension: CatalogSuspension? { engine.withLock { $0.suspension } }

    /// `bytes` as a suspension of `catalog` signed by a trusted key, with a serial above `after`.
    static func checkSuspension(_ bytes: [UInt8], trustedKeys: [String: Ed25519.PublicKey], catalog: String,
                                after serial: UInt64) throws(CatalogUpdateError) -> CatalogSuspension {
        let suspension: CatalogSuspension
        do throws(CatalogManifest.Failure) {
            suspension = try CatalogSuspension.decode(bytes)
            try suspension.verify(trustedKeys: trustedKeys)
        } catch {
            let kind: CatalogUpdateError.Kind
            switch error {
            case .unknownKey: kind = .untrustedKey
            case .badSignature: kind = .badSignature
            default: kind = .malformedManifest
            }
            throw CatalogUpdateError(kind, "suspension: \(error.description)")
        }
        guard suspension.catalog == catalog else {
            throw CatalogUpdateError(.otherCatalog, "the suspension is for catalog '\(suspension.catalog)', not '\(catalog)'")
        }
        guard suspension.serial > serial else {
            throw CatalogUpdateError(.notNewer, "the suspension has serial \(suspension.serial); serial \(serial) is in force")
        }
        return suspension
    }
}
