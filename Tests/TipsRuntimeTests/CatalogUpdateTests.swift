import Testing
import TipsBytecode
import TipsRuntime
import TipsSignature

/// `CatalogUpdate.check` on every hostile download: each refused with its own kind, only
/// the good update accepted.
@Suite struct CatalogUpdateTests {
    static let key = try! Ed25519.PrivateKey(rawRepresentation: [UInt8](repeating: 5, count: 32))
    static let stranger = try! Ed25519.PrivateKey(rawRepresentation: [UInt8](repeating: 6, count: 32))
    static var trusted: [String: Ed25519.PublicKey] { ["release-1": key.publicKey] }

    static let source = """
        event manualSave
        tip ShortcutTip {
            title "Save Faster"
            rule count(manualSave within 7d) >= 3
        }
        """

    static func signed(_ bundle: [UInt8], catalog: String = "notes", version: UInt64 = 7, format: Int? = nil,
                       key: Ed25519.PrivateKey = key, keyID: String = "release-1") throws -> [UInt8] {
        let readerFormat = try format ?? Int(BundleLoader.load(bundle).bundle.formatVersion)
        return try CatalogManifest.signed(bundleBytes: bundle, catalog: catalog, version: version, minimumReaderFormat: readerFormat,
                                          bundle: "\(catalog)-\(version).tipsb", key: key, keyID: keyID).encoded()
    }

    static func check(_ manifest: [UInt8], _ bundle: [UInt8], running: UInt64 = 6) throws(CatalogUpdateError) -> CatalogUpdate {
        try CatalogUpdate.check(manifest: manifest, bundle: bundle, trustedKeys: trusted, catalog: "notes", runningVersion: running)
    }

    /// The kind `check` refuses the pair with, or nil when it accepts it.
    static func refusal(_ manifest: [UInt8], _ bundle: [UInt8]) -> CatalogUpdateError.Kind? {
        do throws(CatalogUpdateError) { _ = try check(manifest, bundle); return nil } catch { return error.kind }
    }

    @Test func theGoodUpdateIsAccepted() throws {
        let bundle = try compileBundle(Self.source)
        let update = try Self.check(try Self.signed(bundle), bundle)
        #expect(update.manifest.version == 7)
        #expect(update.verified.bundle.tips.count == 1)
        #expect(update.bundle == bundle)
    }

    @Test func everyHostileDownloadIsRefusedWithItsReason() throws {
        let bundle = try compileBundle(Self.source)
        let manifest = try Self.signed(bundle)
        var changed = bundle
        changed[changed.count / 2] ^= 0x01
        #expect(Self.refusal(manifest, changed) == .digestMismatch)
        #expect(Self.refusal(manifest, Array(bundle.dropLast(3))) == .sizeMismatch)
        #expect(Self.refusal(manifest, bundle + [0]) == .sizeMismatch)
        #expect(Self.refusal(try Self.signed(bundle, key: Self.stranger), bundle) == .badSignature)
        #expect(Self.refusal(try Self.signed(bundle, keyID: "unknown"), bundle) == .untrustedKey)
        #expect(Self.refusal(try Self.signed(bundle, catalog: "other"), bundle) == .otherCatalog)
        // A downgrade, and a replay of the running version.
        #expect(Self.refusal(try Self.signed(bundle, version: 5), bundle) == .notNewer)
        #expect(Self.refusal(try Self.signed(bundle, version: 6), bundle) == .notNewer)
        #expect(Self.refusal(try Self.signed(bundle, format: 99), bundle) == .unreadableFormat)
        #expect(Self.refusal(try Self.signed(bundle, format: 1), bundle) == .invalidBundle)
        #expect(Self.refusal(Array("{}".utf8), bundle) == .malformedManifest)
        #expect(Self.refusal(Array(manifest.dropLast(20)), bundle) == .malformedManifest)
        // Validly signed garbage: the signature is no reason to trust the bytes.
        let garbage = Array("TIPB not really a bundle".utf8)
        let signedGarbage = try CatalogManifest.signed(bundleBytes: garbage, catalog: "notes", version: 7, minimumReaderFormat: 2,
                                                       bundle: "notes-7.tipsb", key: Self.key, keyID: "release-1").encoded()
        #expect(Self.refusal(signedGarbage, garbage) == .invalidBundle)
        let huge = [UInt8](repeating: 0, count: TipStore.bundleLimit.bytes + 1)
        #expect(Self.refusal(manifest, huge) == .tooLarge)
        #expect(Self.refusal([UInt8](repeating: 0x20, count: CatalogManifest.maxByteCount + 1), bundle) == .tooLarge)
    }
}
