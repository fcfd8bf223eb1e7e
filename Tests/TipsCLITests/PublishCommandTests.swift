import Foundation
import Testing
import TipsTestSupport
import TipsSignature

/// `tipc keygen` and `tipc publish` in process: keys made and used, a folder published twice,
/// and the refusals with their exit status and messages.
@Suite struct PublishCommandTests {
    static let fixtures = (#filePath as NSString).deletingLastPathComponent + "/Fixtures/diff"

    @Test func keygenThenPublishTwice() throws {
        let dir = try TemporaryDirectory()
        let keygen = tipc("keygen", "--key-id", "release-1", "-o", dir.path + "/release.key")
        #expect(keygen.status == 0, "\(keygen.stderr)")
        #expect(keygen.stdout.contains("key id release-1"))
        let mode = try FileManager.default.attributesOfItem(atPath: dir.path + "/release.key")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // A key is never overwritten.
        #expect(tipc("keygen", "-o", dir.path + "/release.key").status == 2)

        try FileManager.default.createDirectory(atPath: dir.path + "/site", withIntermediateDirectories: false)
        let first = tipc("publish", "--key", dir.path + "/release.key", "--catalog", "com.example.notes",
                         Self.fixtures + "/param-renamed-declared/old", "-o", dir.path + "/site")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("published com.example.notes version 1 (first publication)"))
        let second = tipc("publish", "--key", dir.path + "/release.key", Self.fixtures + "/param-renamed-declared/new", "-o", dir.path + "/site")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("version 2 (version 1,"))

        // What an app does: the manifest verifies with the shipped public key, the bundle matches.
        let manifest = try CatalogManifest.decode(Array(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/site/manifest.json"))))
        let bundle = Array(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/site/" + manifest.bundle)))
        let publicFile = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.path + "/release.key.pub"))) as? [String: String]
        #expect(publicFile?["privateKey"] == nil)
        let publicKey = try Ed25519.PublicKey(rawRepresentation: Hex.decode(publicFile?["publicKey"] ?? "") ?? [])
        try manifest.verify(bundle: bundle, trustedKeys: ["release-1": publicKey])
        #expect(manifest.version == 2 && manifest.bundle == "com.example.notes-2.tipsb")
        #expect(FileManager.default.fileExists(atPath: dir.path + "/site/com.example.notes-1.tipsb"))
    }

    @Test func breakingChangesAreRefusedUnlessForced() throws {
        let dir = try TemporaryDirectory()
        #expect(tipc("keygen", "-o", dir.path + "/k").status == 0)
        try FileManager.default.createDirectory(atPath: dir.path + "/site", withIntermediateDirectories: false)
        #expect(tipc("publish", "--key", dir.path + "/k", "--catalog", "notes", Self.fixtures + "/param-removed/old", "-o", dir.path + "/site").status == 0)
        let manifestBefore = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/site/manifest.json"))
        let refused = tipc("publish", "--key", dir.path + "/k", Self.fixtures + "/param-removed/new", "-o", dir.path + "/site")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("D120"))
        #expect(refused.stderr.contains("breaking change against published version 1"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/site/manifest.json")) == manifestBefore)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/site/notes-2.tipsb"))
        let forced = tipc("publish", "--key", dir.path + "/k", "--force", Self.fixtures + "/param-removed/new", "-o", dir.path + "/site")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout.contains("error (forced): D120"))
    }

    /// `--app`: a field added to an event the app donates is refused at its declaration
    /// (the diff only warns); `--force-app` publishes and says each finding was overridden;
    /// `--force` alone does not.
    @Test func appCatalogsAreCheckedAndTheOverrideIsVisible() throws {
        let dir = try TemporaryDirectory()
        #expect(tipc("keygen", "-o", dir.path + "/k").status == 0)
        try FileManager.default.createDirectory(atPath: dir.path + "/site", withIntermediateDirectories: false)
        let app = Self.fixtures + "/field-added/old", new = Self.fixtures + "/field-added/new"
        let refused = tipc("publish", "--key", dir.path + "/k", "--catalog", "notes", "--force", "--app", app, new, "-o", dir.path + "/site")
        #expect(refused.status == 1)
        let line = try #require(refused.stderr.split(separator: "\n").first { $0.hasSuffix("[E705]") }, "\(refused.stderr)")
        #expect(line.hasPrefix(new + "/"), "the finding points into the new catalog: \(line)")
        #expect(line.contains(": error: event '") && line.contains("never sends"))
        #expect(refused.stderr.contains("--force-app"))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/site/manifest.json"))

        // Twice: each --app counts (the same app catalog gives the finding once for each).
        let forced = tipc("publish", "--key", dir.path + "/k", "--catalog", "notes", "--app", app, "--app", app, "--force-app",
                          new, "-o", dir.path + "/site")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout.components(separatedBy: "[E705] (overridden by --force-app)").count == 3, "\(forced.stdout)")
        #expect(forced.stdout.contains("--force-app: published although 2 findings against 2 app catalogs say"))
        #expect(FileManager.default.fileExists(atPath: dir.path + "/site/manifest.json"))

        let clean = tipc("publish", "--key", dir.path + "/k", "--app", new, new, "-o", dir.path + "/site")
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout.contains("checked against \(new): nothing their typed Swift names is lost"))
    }

    /// `tipc suspend` into a published folder: the serial grows, a typo is refused with the
    /// tips listed, and the options are exclusive.
    @Test func suspendWritesTheKillSwitch() throws {
        let dir = try TemporaryDirectory()
        #expect(tipc("keygen", "--key-id", "ops", "-o", dir.path + "/k").status == 0)
        try FileManager.default.createDirectory(atPath: dir.path + "/site", withIntermediateDirectories: false)
        #expect(tipc("publish", "--key", dir.path + "/k", "--catalog", "notes", Self.fixtures + "/tip-removed/old", "-o", dir.path + "/site").status == 0)
        let hide = tipc("suspend", "--key", dir.path + "/k", "--tip", "ShortcutTip", "-o", dir.path + "/site")
        #expect(hide.status == 0, "\(hide.stderr)")
        #expect(hide.stdout.contains("notes serial 1 hides ShortcutTip (no suspension before), signed by ops"))
        let document = try CatalogSuspension.decode(Array(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/site/suspension.json"))))
        #expect(document.tips == ["ShortcutTip"] && document.serial == 1 && document.catalog == "notes")
        let all = tipc("suspend", "--key", dir.path + "/k", "--all", "-o", dir.path + "/site")
        #expect(all.stdout.contains("serial 2 hides every tip (serial 1 hid ShortcutTip)"), "\(all.stdout)\(all.stderr)")
        let replay = tipc("suspend", "--key", dir.path + "/k", "--lift", "--serial", "2", "-o", dir.path + "/site")
        #expect(replay.status == 1 && replay.stderr.contains("not above the folder's suspension serial 2"))
        let typo = tipc("suspend", "--key", dir.path + "/k", "--tip", "ShortcutTp", "-o", dir.path + "/site")
        #expect(typo.status == 1 && typo.stderr.contains("has no tip 'ShortcutTp'") && typo.stderr.contains("ShortcutTip"))
        #expect(tipc("suspend", "--key", dir.path + "/k", "--tip", "ShortcutTip", "--all", "-o", dir.path + "/site").status == 2)
        #expect(tipc("suspend", "--key", dir.path + "/k", "-o", dir.path + "/site").status == 2)
        #expect(try CatalogSuspension.decode(Array(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/site/suspension.json")))).serial == 2)
    }

    @Test func usageAndKeyProblems() throws {
        let dir = try TemporaryDirectory()
        let catalog = Self.fixtures + "/identical/old"
        #expect(tipc("publish", catalog, "-o", dir.path).stderr.contains("--key FILE"))
        #expect(tipc("publish", "--key", dir.path + "/none", catalog).status == 2)
        #expect(tipc("publish", "--key", dir.path + "/none", catalog, "-o", dir.path).stderr.contains("cannot read key file"))
        #expect(tipc("keygen", "-o", dir.path + "/k").status == 0)
        let publicOnly = tipc("publish", "--key", dir.path + "/k.pub", "--catalog", "c", catalog, "-o", dir.path)
        #expect(publicOnly.status == 2 && publicOnly.stderr.contains("public key file"))
        let noID = tipc("publish", "--key", dir.path + "/k", catalog, "-o", dir.path)
        #expect(noID.status == 1 && noID.stderr.contains("--catalog ID"))
        #expect(tipc("publish", "--key", dir.path + "/k", "--version", "0", catalog, "-o", dir.path).status == 2)
        #expect(tipc("publish", "--key", dir.path + "/k", "--catalog", "c", catalog, "-o", dir.path + "/missing").status == 2)
        #expect(tipc("keygen", "--key-id", "has space", "-o", dir.path + "/k2").status == 2)
    }
}
