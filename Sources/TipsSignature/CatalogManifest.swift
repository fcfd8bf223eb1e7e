import Foundation

/// The signed description of one published catalog bundle: `manifest.json` beside the
/// bundle in a published folder (Docs/remote.md). `tipc publish` writes it; an app checks a
/// downloaded bundle against it with `verify(bundle:trustedKeys:)` before it reads a byte of
/// the bundle itself.
///
/// The signature covers `signedBytes`: every field but the signature, one per line, in a
/// fixed order. The SHA-256 digest ties it to the exact bundle bytes, so one Ed25519
/// signature signs both the manifest and the bundle.
public struct CatalogManifest: Sendable, Hashable, Codable {
    /// The manifest format this code writes and reads.
    public static let currentFormat = 1
    /// Manifests are small; a longer one is refused unread.
    public static let maxByteCount = 64 * 1024
    /// The manifest's file name in a published folder, beside the bundles it names: what
    /// `tipc publish` writes and an app's updater downloads.
    public static let fileName = "manifest.json"

    /// Always `currentFormat` for manifests this code writes.
    public var manifestFormat: Int
    /// Which catalog this is (e.g. `com.example.notes`): an app adopts only its own.
    public var catalog: String
    /// Grows by at least one with every publication of the catalog; an app never adopts a
    /// version older than, or the same as, the one it runs.
    public var version: UInt64
    /// The bundle's format version: the oldest runtime bundle reader that can read it.
    public var minimumReaderFormat: Int
    /// The bundle's file name, in the manifest's folder.
    public var bundle: String
    /// The bundle's length in bytes.
    public var size: Int
    /// The bundle's SHA-256, lowercase hex.
    public var sha256: String
    /// The id of the key that signed (apps ship public keys by id, so keys can rotate).
    public var keyID: String
    /// Ed25519 over `signedBytes`, lowercase hex.
    public var signature: String

    public init(catalog: String, version: UInt64, minimumReaderFormat: Int, bundle: String, size: Int,
                sha256: String, keyID: String, signature: String = "") {
        self.manifestFormat = Self.currentFormat
        self.catalog = catalog
        self.version = version
        self.minimumReaderFormat = minimumReaderFormat
        self.bundle = bundle
        self.size = size
        self.sha256 = sha256
        self.keyID = keyID
        self.signature = signature
    }

    /// The manifest of `bundleBytes`, signed with `key`.
    public static func signed(bundleBytes: [UInt8], catalog: String, version: UInt64, minimumReaderFormat: Int,
                              bundle: String, key: Ed25519.PrivateKey, keyID: String) throws(Failure) -> CatalogManifest {
        var manifest = CatalogManifest(catalog: catalog, version: version, minimumReaderFormat: minimumReaderFormat,
                                       bundle: bundle, size: bundleBytes.count, sha256: Hex.encode(SHA256.hash(bundleBytes)),
                                       keyID: keyID)
        try manifest.validate()
        manifest.signature = Hex.encode(key.signature(for: manifest.signedBytes))
        return manifest
    }

    /// What the signature signs: a fixed header and every other field, `name value` a line.
    /// Names, ids and file names are restricted to `[A-Za-z0-9._-]` (`validate`), so no value
    /// can hold a newline or a space and two manifests never sign the same bytes.
    public var signedBytes: [UInt8] {
        Array(("tips-catalog-manifest \(manifestFormat)\n" + "catalog \(catalog)\n" + "version \(version)\n"
            + "minimum-reader-format \(minimumReaderFormat)\n" + "bundle \(bundle)\n" + "size \(size)\n"
            + "sha256 \(sha256)\n" + "key-id \(keyID)\n").utf8)
    }

    /// Whether `text` may name a catalog, a key or a bundle file: 1 to 128 of letters, digits,
    /// `.`, `_` and `-`, not starting with `.` (no hidden files, no `..`).
    public static func isValidName(_ text: String) -> Bool {
        guard (1...128).contains(text.utf8.count), text.utf8.first != UInt8(ascii: ".") else { return false }
        return text.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)
                || c == UInt8(ascii: ".") || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
        }
    }

    /// Checks every field's form (not the signature): throws the first field that is wrong.
    public func validate() throws(Failure) {
        guard manifestFormat == Self.currentFormat else { throw .unsupportedFormat(manifestFormat) }
        for (field, value) in [("catalog", catalog), ("bundle", bundle), ("keyID", keyID)] where !Self.isValidName(value) {
            throw .invalidField(field, "'\(value)' is not 1 to 128 of letters, digits, '.', '_' and '-' (not starting with '.')")
        }
        guard version >= 1 else { throw .invalidField("version", "versions start at 1") }
        guard minimumReaderFormat >= 1 else { throw .invalidField("minimumReaderFormat", "\(minimumReaderFormat) is not a bundle format") }
        guard size >= 0 else { throw .invalidField("size", "\(size) is negative") }
        guard sha256.utf8.count == 64, Hex.decode(sha256) != nil, sha256 == sha256.lowercased() else {
            throw .invalidField("sha256", "not 64 lowercase hex digits")
        }
    }

    /// Checks that `bundleBytes` is the bundle this manifest describes and that a key of
    /// `trustedKeys` signed it: the key id is known, the signature verifies, and the size
    /// and SHA-256 match (the digest compared in constant time). Throws the first failure.
    /// The catalog's identity, version and reader format are the adopter's to judge.
    public func verify(bundle bundleBytes: [UInt8], trustedKeys: [String: Ed25519.PublicKey]) throws(Failure) {
        try verifySignature(trustedKeys: trustedKeys)
        guard bundleBytes.count == size else { throw .sizeMismatch(expected: size, actual: bundleBytes.count) }
        guard let digest = Hex.decode(sha256), ConstantTime.equal(SHA256.hash(bundleBytes), digest) else {
            throw .digestMismatch
        }
    }

    /// The first half of `verify`, for a manifest whose bundle is not downloaded yet: the
    /// fields' forms, a trusted key id and a signature that verifies with it. The size and
    /// SHA-256 it vouches for are then worth downloading against.
    public func verifySignature(trustedKeys: [String: Ed25519.PublicKey]) throws(Failure) {
        try validate()
        guard let key = trustedKeys[keyID] else { throw .unknownKey(keyID, known: trustedKeys.keys.sorted()) }
        guard let signature = Hex.decode(signature), key.isValidSignature(signature, for: signedBytes) else {
            throw .badSignature(keyID)
        }
    }

    /// The manifest in `bytes` (JSON), with its fields' forms checked.
    public static func decode(_ bytes: [UInt8]) throws(Failure) -> CatalogManifest {
        guard bytes.count <= maxByteCount else { throw .malformed("\(bytes.count) bytes; a manifest has at most \(maxByteCount)") }
        let manifest: CatalogManifest
        do {
            manifest = try JSONDecoder().decode(CatalogManifest.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw .malformed(Self.describe(error))
        } catch {
            throw .malformed("\(error)")
        }
        try manifest.validate()
        return manifest
    }

    /// The manifest as JSON: keys sorted, one a line, a final newline.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Only strings and integers: encoding cannot fail.
        let data = (try? encoder.encode(self)) ?? Data()
        return Array(data) + [0x0a]
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "the field '\(key.stringValue)' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            (context.codingPath.last.map { "the field '\($0.stringValue)': " } ?? "") + context.debugDescription
        @unknown default: "\(error)"
        }
    }

    /// Why a manifest, or a bundle against its manifest, is refused.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case malformed(String)
        case unsupportedFormat(Int)
        case invalidField(String, String)
        case unknownKey(String, known: [String])
        case badSignature(String)
        case sizeMismatch(expected: Int, actual: Int)
        case digestMismatch

        public var description: String {
            switch self {
            case .malformed(let why): "the manifest is not valid JSON of a catalog manifest: \(why)"
            case .unsupportedFormat(let format): "manifest format \(format) is not supported (this code reads format \(CatalogManifest.currentFormat))"
            case .invalidField(let field, let why): "the manifest's \(field) is invalid: \(why)"
            case .unknownKey(let id, let known):
                "the manifest is signed with key '\(id)', which is not trusted (trusted: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
            case .badSignature(let id): "the manifest's signature does not verify with key '\(id)'"
            case .sizeMismatch(let expected, let actual): "the bundle is \(actual) bytes; the manifest says \(expected)"
            case .digestMismatch: "the bundle's SHA-256 is not the manifest's: the bytes were changed"
            }
        }
    }
}
