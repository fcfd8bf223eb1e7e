import TipsBytecode
import TipsJournal
import TipsSignature
import TipsSource

/// The library half of `tipc publish` (Docs/remote.md): given a compiled bundle and the
/// folder it is published into, decides the next manifest and what to write, or why not.
///
/// A published folder holds `manifest.json` and the bundles it has named,
/// `<catalog>-<version>.tipsb`, so every bundle file is immutable and only the manifest
/// changes (hosts may cache bundles forever). The previous publication in the folder is
/// the baseline: the catalog id must stay, the version must grow, and the catalog diff
/// against the previous bundle may not lose users' state (a `tipc diff` error) unless
/// forced; nor may the new catalog take away what the typed Swift of an app version in use
/// names (`AppCompatibility`, against each of `Request.apps`) unless forced for apps. Reads go through `FileSystem`; writing is the caller's (bundle first, then the
/// manifest, each atomically, so a reader never sees a manifest naming a missing bundle).
public enum CatalogPublisher {
    /// The manifest's file name in a published folder.
    public static let manifestName = CatalogManifest.fileName

    /// What to publish.
    public struct Request: Sendable {
        /// The verified bundle's bytes (from `CheckedCatalog.compile`).
        public var bundle: [UInt8]
        /// The catalog's identity; nil keeps the previous manifest's.
        public var catalog: String?
        /// The version; nil is the previous one plus one (1 in an empty folder).
        public var version: UInt64?
        public var key: Ed25519.PrivateKey
        public var keyID: String
        /// Publish even when the diff has breaking changes.
        public var force: Bool
        /// The catalogs of app versions still in use (`--app`): the new catalog must keep
        /// what their typed Swift names (`AppCompatibility`).
        public var apps: [AppCatalog]
        /// Publish even when an app catalog has error findings (`--force-app`).
        public var forceApps: Bool
        /// The new catalog's files, for the places of findings; empty: none.
        public var sources: SourceSet

        public init(bundle: [UInt8], catalog: String?, version: UInt64?, key: Ed25519.PrivateKey, keyID: String, force: Bool,
                    apps: [AppCatalog] = [], forceApps: Bool = false, sources: SourceSet = SourceSet()) {
            self.bundle = bundle
            self.catalog = catalog
            self.version = version
            self.key = key
            self.keyID = keyID
            self.force = force
            self.apps = apps
            self.forceApps = forceApps
            self.sources = sources
        }
    }

    /// A decided publication: the files to write, in order, and what changed.
    public struct Publication: Sendable {
        public var manifest: CatalogManifest
        /// The previous manifest, nil in an empty folder.
        public var previous: CatalogManifest?
        /// Every change against the previous catalog (`CatalogDiff.compare`).
        public var changes: [CatalogChange]
        /// Every finding against the request's app catalogs, in their order; errors only
        /// when the request forced them (`forceApps`).
        public var appFindings: [AppFinding]
        /// The bundle's path in the folder and its bytes; write it first.
        public var bundlePath: String
        public var bundle: [UInt8]
        /// The manifest's path and bytes; write it last.
        public var manifestPath: String
        public var manifestBytes: [UInt8]

        /// The changes that lose or misread users' state: they stop a publication unless forced.
        public var breaking: [CatalogChange] { changes.filter { $0.severity == .error } }
    }

    /// Why a publication is refused; every case says what to do about it.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The folder is missing or not a folder.
        case folder(String, String)
        /// No catalog id given and no previous manifest to take it from.
        case noCatalogID
        case invalidName(field: String, value: String)
        /// The folder's manifest cannot be read or decoded, or its bundle does not match it.
        case previous(String, String)
        case catalogChanged(previous: String, requested: String)
        case versionNotNewer(previous: UInt64, requested: UInt64)
        /// The new bundle does not decode and verify (an internal error: compile verified it).
        case bundle(String)
        /// Breaking changes against the previous catalog, and no `force`.
        case breakingChanges([CatalogChange], previous: CatalogManifest)
        /// Error findings against app catalogs (`AppCompatibility`), and no `forceApps`;
        /// carries every finding, warnings too.
        case appIncompatible([AppFinding])

        public var description: String {
            switch self {
            case .folder(let path, let why): "cannot publish into \(path): \(why)"
            case .noCatalogID: "no catalog id: give --catalog ID for the first publication into a folder"
            case .invalidName(let field, let value):
                "\(field) '\(value)' is not 1 to 128 of letters, digits, '.', '_' and '-' (not starting with '.')"
            case .previous(let path, let why): "the previous publication is unusable (\(path)): \(why); repair or empty the folder"
            case .catalogChanged(let previous, let requested):
                "the folder publishes catalog '\(previous)', not '\(requested)': publish another catalog into another folder"
            case .versionNotNewer(let previous, let requested):
                "version \(requested) is not newer than the published version \(previous): versions only grow (omit --version for \(previous + 1))"
            case .bundle(let why): "internal error: the compiled bundle does not load: \(why)"
            case .breakingChanges(let changes, let previous):
                "\(changes.count) breaking change\(changes.count == 1 ? "" : "s") against published version \(previous.version) "
                    + "would lose users' saved state: declare renames with renamedFrom, or publish with --force"
            case .appIncompatible(let findings):
                "\(CatalogPublisher.count(findings.filter { $0.severity == .error }.count, "thing")) that app versions in use "
                    + "(\(Set(findings.map(\.app)).sorted().joined(separator: ", "))) cannot honour: keep their names "
                    + "(renames with renamedFrom) and payloads, or publish with --force-app"
            }
        }
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// Decides the publication of `request.bundle` into `folder`: reads the previous
    /// manifest and bundle there (if any), checks identity, version and the diff, and signs
    /// the new manifest. Writes nothing.
    public static func plan(_ request: Request, into folder: String) throws(Failure) -> Publication {
        switch FileSystem.status(folder) {
        case .success(let status) where status.kind == .directory: break
        case .success: throw .folder(folder, "not a folder")
        case .failure(let failure): throw .folder(folder, failure.reason)
        }
        let manifestPath = folder + "/" + manifestName
        let previous = try readPrevious(folder: folder, manifestPath: manifestPath)

        guard let catalog = request.catalog ?? previous?.manifest.catalog else { throw .noCatalogID }
        guard CatalogManifest.isValidName(catalog) else { throw .invalidName(field: "catalog id", value: catalog) }
        guard CatalogManifest.isValidName(request.keyID) else { throw .invalidName(field: "key id", value: request.keyID) }
        if let old = previous?.manifest, old.catalog != catalog { throw .catalogChanged(previous: old.catalog, requested: catalog) }
        let version = request.version ?? (previous.map { $0.manifest.version + 1 } ?? 1)
        if let old = previous?.manifest, version <= old.version { throw .versionNotNewer(previous: old.version, requested: version) }
        if version < 1 { throw .versionNotNewer(previous: 0, requested: version) }

        let bundle: TipsBundle
        do throws(BundleError) { bundle = try BundleLoader.load(request.bundle).bundle } catch { throw .bundle("\(error)") }
        let schema = CatalogSchema(bundle)
        let changes = previous.map { CatalogDiff.compare(old: CatalogSchema($0.bundle), new: schema) } ?? []
        if let old = previous?.manifest, !request.force {
            let breaking = changes.filter { $0.severity == .error }
            if !breaking.isEmpty { throw .breakingChanges(breaking, previous: old) }
        }
        let appFindings = request.apps.flatMap { AppCompatibility.findings(app: $0, new: schema, newSources: request.sources) }
        if !request.forceApps, appFindings.contains(where: { $0.severity == .error }) { throw .appIncompatible(appFindings) }

        let bundleName = "\(catalog)-\(version).tipsb"
        let manifest: CatalogManifest
        do throws(CatalogManifest.Failure) {
            manifest = try CatalogManifest.signed(bundleBytes: request.bundle, catalog: catalog, version: version,
                                                  minimumReaderFormat: Int(bundle.formatVersion), bundle: bundleName,
                                                  key: request.key, keyID: request.keyID)
        } catch {
            throw .invalidName(field: "manifest", value: error.description)
        }
        return Publication(manifest: manifest, previous: previous?.manifest, changes: changes, appFindings: appFindings,
                           bundlePath: folder + "/" + bundleName, bundle: request.bundle,
                           manifestPath: manifestPath, manifestBytes: manifest.encoded())
    }

    /// The folder's current publication: nil when it has no manifest yet.
    static func readPrevious(folder: String, manifestPath: String) throws(Failure) -> (manifest: CatalogManifest, bundle: TipsBundle)? {
        let bytes: [UInt8]
        do throws(FileSystem.Failure) {
            bytes = try FileSystem.readFile(manifestPath, limit: InputFile.Limit(bytes: CatalogManifest.maxByteCount, what: "a manifest"))
        } catch {
            if error.isMissing { return nil }
            throw .previous(manifestPath, error.reason)
        }
        let manifest: CatalogManifest
        do throws(CatalogManifest.Failure) { manifest = try CatalogManifest.decode(bytes) } catch {
            throw .previous(manifestPath, error.description)
        }
        let bundlePath = folder + "/" + manifest.bundle
        let bundleBytes: [UInt8]
        do throws(FileSystem.Failure) { bundleBytes = try FileSystem.readFile(bundlePath, limit: publishedBundleLimit) } catch {
            throw .previous(bundlePath, error.reason)
        }
        // The baseline must be what the manifest describes; its signature may be by a key
        // since rotated away, so only the size and digest are checked here.
        guard bundleBytes.count == manifest.size, Hex.encode(SHA256.hash(bundleBytes)) == manifest.sha256 else {
            throw .previous(bundlePath, "its size or SHA-256 is not the manifest's")
        }
        do throws(BundleError) { return (manifest, try BundleLoader.load(bundleBytes).bundle) } catch {
            throw .previous(bundlePath, "\(error)")
        }
    }

    /// The largest published bundle `plan` reads back (the runtime's own bundle limit).
    public static let publishedBundleLimit = InputFile.Limit(bytes: 64 << 20, what: "a published bundle")
}
