import Foundation
import TipsJournal
import TipsSignature

/// The files `tipc keygen` writes and `tipc publish --key` reads (Docs/remote.md, "Keys"):
/// JSON with the algorithm, the key id and the keys in hex. The private file holds the
/// seed and its public key (checked to match when read); the public file only the public
/// key, which is what an app ships.
public struct SigningKeyFile: Sendable, Equatable, Codable {
    /// Always `ed25519`.
    public var algorithm: String
    /// The id manifests name the key by.
    public var keyID: String
    /// The 32-byte seed in hex; nil in a public key file.
    public var privateKey: String?
    /// The 32-byte public key in hex.
    public var publicKey: String

    /// Key files are tiny; anything longer is refused unread.
    public static let limit = InputFile.Limit(bytes: 4096, what: "a key file")

    /// The private key file of `key`.
    public init(privateKey key: Ed25519.PrivateKey, keyID: String) {
        algorithm = "ed25519"
        self.keyID = keyID
        privateKey = Hex.encode(key.rawRepresentation)
        publicKey = Hex.encode(key.publicKey.rawRepresentation)
    }

    /// The same file without the private key: what to ship in an app.
    public var publicOnly: SigningKeyFile {
        var file = self
        file.privateKey = nil
        return file
    }

    /// The default key id of a public key: "ed25519-" and the first 8 bytes of its SHA-256
    /// in hex, the same for everyone who has the key.
    public static func defaultKeyID(_ key: Ed25519.PublicKey) -> String {
        "ed25519-" + Hex.encode(Array(SHA256.hash(key.rawRepresentation).prefix(8)))
    }

    /// JSON, keys sorted, with a final newline.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0a]
    }

    /// Why a key file is refused.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The key file in `bytes`, checked: the algorithm, the key id's form, the hex, and
    /// that the private key's public key is the one written beside it.
    public static func decode(_ bytes: [UInt8]) throws(Failure) -> SigningKeyFile {
        let file: SigningKeyFile
        do { file = try JSONDecoder().decode(SigningKeyFile.self, from: Data(bytes)) } catch {
            throw Failure(description: "not a key file (JSON with algorithm, keyID, publicKey and, for a private key, privateKey)")
        }
        guard file.algorithm == "ed25519" else { throw Failure(description: "algorithm '\(file.algorithm)' is not supported (only ed25519)") }
        guard CatalogManifest.isValidName(file.keyID) else {
            throw Failure(description: "key id '\(file.keyID)' is not 1 to 128 of letters, digits, '.', '_' and '-'")
        }
        let publicKey = try file.verifyingKey()
        if let privateKey = try file.signingKey(), privateKey.publicKey != publicKey {
            throw Failure(description: "the private key does not belong to the public key written beside it")
        }
        return file
    }

    /// The public key.
    public func verifyingKey() throws(Failure) -> Ed25519.PublicKey {
        guard let bytes = Hex.decode(publicKey) else { throw Failure(description: "publicKey is not hex") }
        do { return try Ed25519.PublicKey(rawRepresentation: bytes) } catch { throw Failure(description: "publicKey: \(error)") }
    }

    /// The private key, or nil in a public key file.
    public func signingKey() throws(Failure) -> Ed25519.PrivateKey? {
        guard let privateKey else { return nil }
        guard let bytes = Hex.decode(privateKey) else { throw Failure(description: "privateKey is not hex") }
        do { return try Ed25519.PrivateKey(rawRepresentation: bytes) } catch { throw Failure(description: "privateKey: \(error)") }
    }
}
