import Testing
import TipsSignature

/// The signed manifest: what it signs, what it refuses, and that every tampering is caught
/// with its own typed reason.
@Suite struct CatalogManifestTests {
    static let key = try! Ed25519.PrivateKey(rawRepresentation: [UInt8](repeating: 3, count: 32))
    static let other = try! Ed25519.PrivateKey(rawRepresentation: [UInt8](repeating: 4, count: 32))
    static let bundle: [UInt8] = Array("TIPB pretend bundle bytes".utf8)
    static var trusted: [String: Ed25519.PublicKey] { ["release-1": key.publicKey] }

    static func manifest() throws -> CatalogManifest {
        try CatalogManifest.signed(bundleBytes: bundle, catalog: "com.example.notes", version: 3, minimumReaderFormat: 4,
                                   bundle: "com.example.notes-3.tipsb", key: key, keyID: "release-1")
    }

    @Test func signedManifestVerifiesAndRoundTripsThroughJSON() throws {
        let manifest = try Self.manifest()
        try manifest.verify(bundle: Self.bundle, trustedKeys: Self.trusted)
        let decoded = try CatalogManifest.decode(manifest.encoded())
        #expect(decoded == manifest)
        #expect(String(decoding: manifest.signedBytes, as: UTF8.self) == """
            tips-catalog-manifest 1
            catalog com.example.notes
            version 3
            minimum-reader-format 4
            bundle com.example.notes-3.tipsb
            size 25
            sha256 \(Hex.encode(SHA256.hash(Self.bundle)))
            key-id release-1

            """)
    }

    @Test func everyTamperingHasItsReason() throws {
        let manifest = try Self.manifest()
        var changedByte = Self.bundle
        changedByte[5] ^= 1
        #expect(throws: CatalogManifest.Failure.digestMismatch) { try manifest.verify(bundle: changedByte, trustedKeys: Self.trusted) }
        #expect(throws: CatalogManifest.Failure.sizeMismatch(expected: 25, actual: 24)) {
            try manifest.verify(bundle: Array(Self.bundle.dropLast()), trustedKeys: Self.trusted)
        }
        #expect(throws: CatalogManifest.Failure.unknownKey("release-1", known: ["other"])) {
            try manifest.verify(bundle: Self.bundle, trustedKeys: ["other": Self.other.publicKey])
        }
        #expect(throws: CatalogManifest.Failure.badSignature("release-1")) {
            try manifest.verify(bundle: Self.bundle, trustedKeys: ["release-1": Self.other.publicKey])
        }
        // Any signed field changed after signing: the signature no longer verifies.
        var newer = manifest
        newer.version = 4
        #expect(throws: CatalogManifest.Failure.badSignature("release-1")) { try newer.verify(bundle: Self.bundle, trustedKeys: Self.trusted) }
        var renamed = manifest
        renamed.catalog = "com.example.other"
        #expect(throws: CatalogManifest.Failure.badSignature("release-1")) { try renamed.verify(bundle: Self.bundle, trustedKeys: Self.trusted) }
        var older = manifest
        older.minimumReaderFormat = 2
        #expect(throws: CatalogManifest.Failure.badSignature("release-1")) { try older.verify(bundle: Self.bundle, trustedKeys: Self.trusted) }
    }

    @Test(arguments: [
        ("{}", "the manifest is not valid JSON of a catalog manifest: the field 'manifestFormat' is missing"),
        ("not json", "the manifest is not valid JSON of a catalog manifest"),
    ]) func malformedManifestsAreRefused(_ text: String, _ message: String) {
        #expect {
            _ = try CatalogManifest.decode(Array(text.utf8))
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test func fieldsAreValidated() throws {
        var manifest = try Self.manifest()
        manifest.bundle = "../escape.tipsb"
        #expect(throws: CatalogManifest.Failure.self) { try CatalogManifest.decode(manifest.encoded()) }
        manifest = try Self.manifest()
        manifest.manifestFormat = 2
        #expect(throws: CatalogManifest.Failure.unsupportedFormat(2)) { try CatalogManifest.decode(manifest.encoded()) }
        manifest = try Self.manifest()
        manifest.sha256 = "ABC"
        #expect(throws: CatalogManifest.Failure.self) { try CatalogManifest.decode(manifest.encoded()) }
        #expect(throws: CatalogManifest.Failure.self) {
            try CatalogManifest.signed(bundleBytes: [], catalog: "two words", version: 1, minimumReaderFormat: 2, bundle: "b", key: Self.key, keyID: "k")
        }
        #expect(throws: CatalogManifest.Failure.self) { try CatalogManifest.decode([UInt8](repeating: 0x20, count: CatalogManifest.maxByteCount + 1)) }
        for name in ["a", "com.example_x-1", String(repeating: "a", count: 128)] { #expect(CatalogManifest.isValidName(name)) }
        for name in ["", ".hidden", "..", "a/b", "a b", "é", String(repeating: "a", count: 129)] { #expect(!CatalogManifest.isValidName(name)) }
    }
}
