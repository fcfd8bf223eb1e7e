import Foundation
import TipsDriver
import TipsSignature
import TipsTestSupport

/// Real signed publications, made as `tipc keygen` and `tipc publish` make them: a fresh
/// Ed25519 key, the notes-app catalog compiled by the driver, and `CatalogPublisher.plan`.
enum Publisher {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let catalog = "com.example.notes"
    static let keyID = "release-test"
    /// Generated for this run (`tipc keygen`'s key); no key is checked in.
    static let key = Ed25519.PrivateKey()

    /// The notes-app bundle, compiled once.
    static let bundle: [UInt8] = {
        guard case .success(let sources) = CatalogLoader.loadSingle(root + "/Definitions/notes-app"),
              let bytes = CheckedCatalog(sources).compile(catalogRelativePaths: true).bytes else {
            fatalError("Definitions/notes-app does not compile")
        }
        return bytes
    }()

    /// The keys an app ships: read back from the public key file of `key`, as an app would.
    static var trustedKeys: [String: Ed25519.PublicKey] {
        let file = try! SigningKeyFile.decode(SigningKeyFile(privateKey: key, keyID: keyID).publicOnly.encoded())
        return [file.keyID: try! Ed25519.PublicKey(rawRepresentation: Hex.decode(file.publicKey)!)]
    }

    /// Publishes the notes-app bundle as `version` into `folder/site` (made if missing) and
    /// returns the publication.
    @discardableResult
    static func publish(in folder: TemporaryDirectory, site: String = "site", version: UInt64, catalog: String = catalog,
                        key: Ed25519.PrivateKey = key, keyID: String = keyID, bundle: [UInt8] = bundle) throws -> CatalogPublisher.Publication {
        let path = folder.path + "/" + site
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let request = CatalogPublisher.Request(bundle: bundle, catalog: catalog, version: version, key: key, keyID: keyID, force: false)
        let publication = try CatalogPublisher.plan(request, into: path)
        try Data(publication.bundle).write(to: URL(fileURLWithPath: publication.bundlePath))
        try Data(publication.manifestBytes).write(to: URL(fileURLWithPath: publication.manifestPath))
        return publication
    }
}
