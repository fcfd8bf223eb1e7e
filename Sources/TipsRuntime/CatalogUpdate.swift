import TipsBytecode
import TipsSignature

/// A downloaded catalog, a bundle and its manifest (Docs/remote.md), checked for adoption:
/// `check` either returns an update every check passed or throws the first reason to refuse
/// it, and changes nothing either way. What the app runs is untouched by a refusal.
///
///     let update = try CatalogUpdate.check(manifest: manifestBytes, bundle: bundleBytes,
///                                          trustedKeys: keys, catalog: "com.example.notes",
///                                          runningVersion: 6)
public struct CatalogUpdate: Sendable {
    /// The checked manifest.
    public let manifest: CatalogManifest
    /// The bundle's bytes, exactly as downloaded and signed.
    public let bundle: [UInt8]
    /// The bundle, decoded and verified.
    public let verified: VerifiedBundle

    /// Checks, in this order, throwing the first failure:
    /// 1. the manifest decodes (`malformedManifest`);
    /// 2. its key id is in `trustedKeys` (`untrustedKey`) and its signature verifies
    ///    (`badSignature`);
    /// 3. the bundle has the manifest's size (`sizeMismatch`) and SHA-256 (`digestMismatch`);
    /// 4. it is the app's catalog (`otherCatalog`) and newer than `runningVersion`
    ///    (`notNewer`; a downgrade or a replay of the running version);
    /// 5. this runtime reads its bundle format (`unreadableFormat`);
    /// 6. the bundle decodes and verifies as any bundle does, in the format the manifest
    ///    names (`invalidBundle`).
    /// The manifest is at most `CatalogManifest.maxByteCount` bytes and the bundle at most
    /// `TipStore.bundleLimit` (`tooLarge`), refused before any other work.
    public static func check(manifest manifestBytes: [UInt8], bundle: [UInt8], trustedKeys: [String: Ed25519.PublicKey],
                             catalog: String, runningVersion: UInt64) throws(CatalogUpdateError) -> CatalogUpdate {
        guard bundle.count <= TipStore.bundleLimit.bytes else {
            throw CatalogUpdateError(.tooLarge, "the bundle is \(bundle.count) bytes; at most \(TipStore.bundleLimit.bytes) are read")
        }
        let manifest = try decode(manifestBytes)
        do throws(CatalogManifest.Failure) { try manifest.verify(bundle: bundle, trustedKeys: trustedKeys) } catch {
            throw CatalogUpdateError(error)
        }
        try checkIdentity(manifest, catalog: catalog, runningVersion: runningVersion)
        try checkFormat(manifest)
        let verified: VerifiedBundle
        do throws(BundleError) { verified = try BundleLoader.load(bundle) } catch {
            throw CatalogUpdateError(.invalidBundle, "invalid bundle: \(error)")
        }
        guard Int(verified.bundle.formatVersion) == manifest.minimumReaderFormat else {
            throw CatalogUpdateError(.invalidBundle, "the bundle is format \(verified.bundle.formatVersion); the manifest says \(manifest.minimumReaderFormat)")
        }
        return CatalogUpdate(manifest: manifest, bundle: bundle, verified: verified)
    }

    /// What can be checked of a manifest before its bundle is downloaded, in `check`'s order
    /// without the bundle's steps: it decodes (`tooLarge`, `malformedManifest`), a trusted key
    /// signed it (`untrustedKey`, `badSignature`), it is the app's catalog (`otherCatalog`),
    /// newer than `runningVersion` (`notNewer`), and in a format this runtime reads
    /// (`unreadableFormat`). The bundle it names still needs `check`.
    public static func checkManifest(_ manifestBytes: [UInt8], trustedKeys: [String: Ed25519.PublicKey],
                                     catalog: String, runningVersion: UInt64) throws(CatalogUpdateError) -> CatalogManifest {
        let manifest = try decode(manifestBytes)
        do throws(CatalogManifest.Failure) { try manifest.verifySignature(trustedKeys: trustedKeys) } catch {
            throw CatalogUpdateError(error)
        }
        try checkIdentity(manifest, catalog: catalog, runningVersion: runningVersion)
        try checkFormat(manifest)
        return manifest
    }

    private static func decode(_ manifestBytes: [UInt8]) throws(CatalogUpdateError) -> CatalogManifest {
        do throws(CatalogManifest.Failure) { return try CatalogManifest.decode(manifestBytes) } catch {
            if case .malformed = error, manifestBytes.count > CatalogManifest.maxByteCount {
                throw CatalogUpdateError(.tooLarge, error.description)
            }
            throw CatalogUpdateError(.malformedManifest, error.description)
        }
    }

    private static func checkIdentity(_ manifest: CatalogManifest, catalog: String, runningVersion: UInt64) throws(CatalogUpdateError) {
        guard manifest.catalog == catalog else {
            throw CatalogUpdateError(.otherCatalog, "the update is catalog '\(manifest.catalog)', not this app's '\(catalog)'")
        }
        guard manifest.version > runningVersion else {
            throw CatalogUpdateError(.notNewer, "the update is version \(manifest.version); the running catalog is version \(runningVersion)")
        }
    }

    private static func checkFormat(_ manifest: CatalogManifest) throws(CatalogUpdateError) {
        guard manifest.minimumReaderFormat <= Int(UInt16.max),
              BundleFormat.readableVersions.contains(UInt16(manifest.minimumReaderFormat)) else {
            throw CatalogUpdateError(.unreadableFormat, "the update needs bundle format \(manifest.minimumReaderFormat); this runtime reads "
                + "\(BundleFormat.readableVersions.lowerBound) to \(BundleFormat.readableVersions.upperBound)")
        }
    }
}
