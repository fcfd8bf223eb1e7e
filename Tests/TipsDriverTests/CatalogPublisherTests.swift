import Foundation
import Testing
import TipsTestSupport
import TipsBytecode
import TipsDriver
import TipsSignature

/// `CatalogPublisher.plan` on the fixture pairs of `tipc diff`: the first publication, the
/// next ones, and every refusal with its reason. The tests write the planned files
/// themselves, as `tipc publish` does.
@Suite struct CatalogPublisherTests {
    static let fixtures = (#filePath as NSString).deletingLastPathComponent + "/../TipsCLITests/Fixtures/diff"
    static let key = try! Ed25519.PrivateKey(rawRepresentation: [UInt8](repeating: 9, count: 32))

    static func bundle(_ pair: String, _ side: String) throws -> [UInt8] {
        guard case .success(let sources) = CatalogLoader.loadSingle(fixtures + "/" + pair + "/" + side) else {
            throw CocoaError(.fileReadUnknown)
        }
        return try #require(CheckedCatalog(sources).compile(catalogRelativePaths: true).bytes)
    }

    static func request(_ bytes: [UInt8], catalog: String? = nil, version: UInt64? = nil, force: Bool = false) -> CatalogPublisher.Request {
        .init(bundle: bytes, catalog: catalog, version: version, key: key, keyID: "test-key", force: force)
    }

    /// Writes a publication's files, bundle first.
    static func apply(_ publication: CatalogPublisher.Publication) throws {
        try Data(publication.bundle).write(to: URL(fileURLWithPath: publication.bundlePath))
        try Data(publication.manifestBytes).write(to: URL(fileURLWithPath: publication.manifestPath))
    }

    @Test func firstPublicationThenTheNext() throws {
        let folder = try TemporaryDirectory()
        let old = try Self.bundle("tip-renamed-declared", "old"), new = try Self.bundle("tip-renamed-declared", "new")
        #expect(throws: CatalogPublisher.Failure.self) { try CatalogPublisher.plan(Self.request(old), into: folder.path) }

        let first = try CatalogPublisher.plan(Self.request(old, catalog: "com.example.notes"), into: folder.path)
        #expect(first.previous == nil && first.changes.isEmpty)
        #expect(first.manifest.version == 1 && first.manifest.bundle == "com.example.notes-1.tipsb")
        #expect(first.manifest.minimumReaderFormat == Int(try BundleLoader.load(old).bundle.formatVersion))
        try first.manifest.verify(bundle: old, trustedKeys: ["test-key": Self.key.publicKey])
        try Self.apply(first)

        // The id comes from the folder; the version grows; a declared rename is no breaking change.
        let second = try CatalogPublisher.plan(Self.request(new), into: folder.path)
        #expect(second.previous?.version == 1)
        #expect(second.manifest.version == 2 && second.manifest.catalog == "com.example.notes")
        #expect(second.changes.map(\.code).contains(.tipRenamedDeclared))
        #expect(second.breaking.isEmpty)
        #expect(try CatalogManifest.decode(second.manifestBytes) == second.manifest)
    }

    @Test func breakingChangesNeedForce() throws {
        let folder = try TemporaryDirectory()
        let old = try Self.bundle("tip-removed", "old"), new = try Self.bundle("tip-removed", "new")
        try Self.apply(try CatalogPublisher.plan(Self.request(old, catalog: "notes"), into: folder.path))
        do {
            _ = try CatalogPublisher.plan(Self.request(new), into: folder.path)
            Issue.record("a removed tip was published without --force")
        } catch {
            guard case .breakingChanges(let changes, let previous) = error else { Issue.record("\(error)"); return }
            #expect(changes.map(\.code) == [.tipRemoved])
            #expect(previous.version == 1)
            #expect(error.description.contains("renamedFrom") && error.description.contains("--force"))
        }
        let forced = try CatalogPublisher.plan(Self.request(new, force: true), into: folder.path)
        #expect(forced.breaking.map(\.code) == [.tipRemoved])
        #expect(forced.manifest.version == 2)
    }

    @Test func versionsOnlyGrowAndTheIdStays() throws {
        let folder = try TemporaryDirectory()
        let bytes = try Self.bundle("identical", "old")
        try Self.apply(try CatalogPublisher.plan(Self.request(bytes, catalog: "notes", version: 5), into: folder.path))
        for version: UInt64 in [1, 5] {
            #expect {
                try CatalogPublisher.plan(Self.request(bytes, version: version), into: folder.path)
            } throws: { error in
                guard case CatalogPublisher.Failure.versionNotNewer(previous: 5, requested: version) = error else { return false }
                return true
            }
        }
        #expect(try CatalogPublisher.plan(Self.request(bytes), into: folder.path).manifest.version == 6)
        #expect(try CatalogPublisher.plan(Self.request(bytes, version: 9), into: folder.path).manifest.version == 9)
        #expect {
            try CatalogPublisher.plan(Self.request(bytes, catalog: "other"), into: folder.path)
        } throws: { error in
            guard case CatalogPublisher.Failure.catalogChanged(previous: "notes", requested: "other") = error else { return false }
            return true
        }
    }

    @Test func anUnusableBaselineOrFolderIsRefused() throws {
        let folder = try TemporaryDirectory()
        let bytes = try Self.bundle("identical", "old")
        let first = try CatalogPublisher.plan(Self.request(bytes, catalog: "notes"), into: folder.path)
        try Self.apply(first)
        // One byte of the published bundle changed: the baseline no longer matches its manifest.
        var tampered = bytes
        tampered[tampered.count - 1] ^= 1
        try Data(tampered).write(to: URL(fileURLWithPath: first.bundlePath))
        #expect {
            try CatalogPublisher.plan(Self.request(bytes), into: folder.path)
        } throws: { error in
            guard case CatalogPublisher.Failure.previous(let path, _) = error else { return false }
            return path == first.bundlePath
        }
        try FileManager.default.removeItem(atPath: first.bundlePath)
        #expect(throws: CatalogPublisher.Failure.self) { try CatalogPublisher.plan(Self.request(bytes), into: folder.path) }
        try folder.write("manifest.json", "{\"manifestFormat\": 1}")
        #expect(throws: CatalogPublisher.Failure.self) { try CatalogPublisher.plan(Self.request(bytes), into: folder.path) }
        #expect {
            try CatalogPublisher.plan(Self.request(bytes, catalog: "notes"), into: folder.path + "/missing")
        } throws: { error in
            guard case CatalogPublisher.Failure.folder = error else { return false }
            return true
        }
        #expect(throws: CatalogPublisher.Failure.self) {
            try CatalogPublisher.plan(Self.request(bytes, catalog: "no spaces"), into: try TemporaryDirectory().path)
        }
    }

    @Test func keyFilesRoundTripAndRefuseMismatches() throws {
        let file = SigningKeyFile(privateKey: Self.key, keyID: "release-1")
        let decoded = try SigningKeyFile.decode(file.encoded())
        #expect(decoded == file)
        #expect(try decoded.signingKey()?.rawRepresentation == Self.key.rawRepresentation)
        let publicOnly = try SigningKeyFile.decode(file.publicOnly.encoded())
        #expect(try publicOnly.signingKey() == nil)
        #expect(try publicOnly.verifyingKey() == Self.key.publicKey)
        #expect(SigningKeyFile.defaultKeyID(Self.key.publicKey).hasPrefix("ed25519-"))
        var mismatched = file
        mismatched.publicKey = Hex.encode(try Ed25519.PrivateKey(rawRepresentation: [UInt8](repeating: 1, count: 32)).publicKey.rawRepresentation)
        #expect(throws: SigningKeyFile.Failure.self) { try SigningKeyFile.decode(mismatched.encoded()) }
        var otherAlgorithm = file
        otherAlgorithm.algorithm = "rsa"
        #expect(throws: SigningKeyFile.Failure.self) { try SigningKeyFile.decode(otherAlgorithm.encoded()) }
        #expect(throws: SigningKeyFile.Failure.self) { try SigningKeyFile.decode(Array("nope".utf8)) }
    }
}
