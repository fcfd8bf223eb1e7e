import Foundation

/// The live catalog's kill switch (Docs/remote.md, "The kill switch"): a small signed
/// document, `suspension.json` beside `manifest.json`, that hides tips of a catalog on
/// every device that fetches it, with no app release and no new catalog version. Signed by
/// the same keys as manifests, with its own header so that neither can pass for the other.
///
/// `serial` grows with every suspension document of the catalog, so an old one (say, one
/// that hid a tip since brought back) cannot be replayed; lifting a suspension is a newer
/// document with an empty list.
public struct CatalogSuspension: Sendable, Hashable, Codable {
    public static let currentFormat = 1
    /// The largest document read: what `decode` accepts and what `CatalogUpdater` downloads.
    public static let maxByteCount = 64 * 1024
    /// The document's file name in a published folder, beside `CatalogManifest.fileName`.
    public static let fileName = "suspension.json"
    /// The entry that suspends every tip.
    public static let everyTip = "*"

    public var suspensionFormat: Int
    /// Which catalog this is for (the manifest's `catalog`).
    public var catalog: String
    /// Grows with every suspension document of the catalog, from 1.
    public var serial: UInt64
    /// Declared tip names to hide, sorted, or `["*"]` for every tip; empty lifts them all.
    public var tips: [String]
    public var keyID: String
    /// Ed25519 over `signedBytes`, lowercase hex.
    public var signature: String

    public init(catalog: String, serial: UInt64, tips: [String], keyID: String, signature: String = "") {
        self.suspensionFormat = Self.currentFormat
        self.catalog = catalog
        self.serial = serial
        self.tips = tips
        self.keyID = keyID
        self.signature = signature
    }

    /// A suspension of `tips` signed with `key`.
    public static func signed(catalog: String, serial: UInt64, tips: [String], key: Ed25519.PrivateKey,
                              keyID: String) throws(CatalogManifest.Failure) -> CatalogSuspension {
        var s = CatalogSuspension(catalog: catalog, serial: serial, tips: Array(Set(tips)).sorted(), keyID: keyID)
        try s.validate()
        s.signature = Hex.encode(key.signature(for: s.signedBytes))
        return s
    }

    /// Whether `text` may name a tip in a suspension: a declared name (letters, digits and
    /// `_`, not starting with a digit, at most 128), or `*`.
    public static func isValidTipName(_ text: String) -> Bool {
        if text == everyTip { return true }
        guard (1...128).contains(text.utf8.count), let first = text.utf8.first, !(first >= 0x30 && first <= 0x39) else { return false }
        return text.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c == UInt8(ascii: "_")
        }
    }

    /// What the signature signs; names cannot hold a space, a comma or a newline.
    public var signedBytes: [UInt8] {
        Array(("tips-catalog-suspension \(suspensionFormat)\n" + "catalog \(catalog)\n" + "serial \(serial)\n"
            + "tips \(tips.joined(separator: ","))\n" + "key-id \(keyID)\n").utf8)
    }

    /// Checks every field's form: throws the first that is wrong.
    public func validate() throws(CatalogManifest.Failure) {
        guard suspensionFormat == Self.currentFormat else { throw .unsupportedFormat(suspensionFormat) }
        for (field, value) in [("catalog", catalog), ("keyID", keyID)] where !CatalogManifest.isValidName(value) {
            throw .invalidField(field, "'\(value)' is not 1 to 128 of letters, digits, '.', '_' and '-' (not starting with '.')")
        }
        guard serial >= 1 else { throw .invalidField("serial", "serials start at 1") }
        guard tips.count <= 10_000 else { throw .invalidField("tips", "\(tips.count) names; at most 10000") }
        if let bad = tips.first(where: { !Self.isValidTipName($0) }) { throw .invalidField("tips", "'\(bad)' is not a tip name or '*'") }
        guard tips == Array(Set(tips)).sorted() else { throw .invalidField("tips", "not sorted without repeats") }
    }

    /// Checks the form and that a key of `trustedKeys` signed it.
    public func verify(trustedKeys: [String: Ed25519.PublicKey]) throws(CatalogManifest.Failure) {
        try validate()
        guard let key = trustedKeys[keyID] else { throw .unknownKey(keyID, known: trustedKeys.keys.sorted()) }
        guard let signature = Hex.decode(signature), key.isValidSignature(signature, for: signedBytes) else {
            throw .badSignature(keyID)
        }
    }

    /// The suspension in `bytes` (JSON), its form checked (not its signature).
    public static func decode(_ bytes: [UInt8]) throws(CatalogManifest.Failure) -> CatalogSuspension {
        guard bytes.count <= maxByteCount else { throw .malformed("\(bytes.count) bytes; a suspension has at most \(maxByteCount)") }
        let s: CatalogSuspension
        do { s = try JSONDecoder().decode(CatalogSuspension.self, from: Data(bytes)) } catch { throw .malformed("\(error)") }
        try s.validate()
        return s
    }

    /// The suspension as JSON, keys sorted.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0a]
    }
}
