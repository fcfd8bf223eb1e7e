import TipsBytecode
import TipsJournal
import TipsSignature

/// The library half of `tipc suspend` (Docs/remote.md, "The kill switch"): the next signed
/// `suspension.json` of a published folder, or why not. Beside the folder's `manifest.json`,
/// it hides tips on every device that fetches it, with no app release and no new catalog.
///
/// A suspension document lists every tip it hides: a new one replaces the one in force, so
/// hiding a second tip lists both, and lifting is a document with none. The folder's current
/// `suspension.json`, if any, is the baseline: the catalog id must stay and the serial must
/// grow (the runtime refuses a serial not above the one in force, so a replay cannot hide
/// a tip again). Names must be tips of the published catalog unless allowed. Writing is the
/// caller's (one atomic replace).
public enum SuspensionPublisher {
    /// The document's file name in a published folder (the one home is `CatalogSuspension`,
    /// where the app's updater reads it too).
    public static let fileName = CatalogSuspension.fileName

    /// What the new document hides.
    public enum Tips: Sendable, Equatable {
        /// These declared tip names (a reusable tip's name hides all its instances).
        case named([String])
        /// Every tip (`*`).
        case all
        /// None: every suspension is lifted.
        case none
    }

    /// What to write.
    public struct Request: Sendable {
        public var tips: Tips
        /// The catalog id; nil takes the folder's manifest's (or its suspension's).
        public var catalog: String?
        /// The serial; nil is the previous document's plus one (1 without one).
        public var serial: UInt64?
        public var key: Ed25519.PrivateKey
        public var keyID: String
        /// Accept names the published catalog has no tip for (say, tips of an app's
        /// embedded catalog that the live catalog dropped).
        public var allowUnknownTips: Bool

        public init(tips: Tips, catalog: String? = nil, serial: UInt64? = nil, key: Ed25519.PrivateKey, keyID: String,
                    allowUnknownTips: Bool = false) {
            self.tips = tips
            self.catalog = catalog
            self.serial = serial
            self.key = key
            self.keyID = keyID
            self.allowUnknownTips = allowUnknownTips
        }
    }

    /// A decided document and where it goes.
    public struct Plan: Sendable {
        public var suspension: CatalogSuspension
        /// The folder's document before, nil without one.
        public var previous: CatalogSuspension?
        /// The published catalog's version the names were checked against, nil without a manifest.
        public var publishedVersion: UInt64?
        /// Names the published catalog has no tip for (only with `allowUnknownTips`).
        public var unknownTips: [String]
        public var path: String
        public var bytes: [UInt8]
    }

    /// Why no document is written; each case says what to do.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        case folder(String, String)
        case noCatalogID
        /// The folder's manifest, its bundle or its suspension cannot be read or decoded.
        case previous(String, String)
        case catalogChanged(previous: String, requested: String)
        case serialNotNewer(previous: UInt64, requested: UInt64)
        case unknownTips([String], known: [String], version: UInt64)
        /// A field has the wrong form (a catalog id, a key id, a tip name).
        case invalid(String)

        public var description: String {
            switch self {
            case .folder(let path, let why): "cannot write a suspension into \(path): \(why)"
            case .noCatalogID: "no catalog id: the folder has no manifest.json; give --catalog ID"
            case .previous(let path, let why): "the folder's publication is unusable (\(path)): \(why); repair or restore the folder"
            case .catalogChanged(let previous, let requested):
                "the folder publishes catalog '\(previous)', not '\(requested)'"
            case .serialNotNewer(let previous, let requested):
                "serial \(requested) is not above the folder's suspension serial \(previous): apps refuse it as notNewer "
                    + "(omit --serial for \(previous + 1))"
            case .unknownTips(let names, let known, let version):
                "published version \(version) has no tip "
                    + names.map { "'\($0)'" }.joined(separator: ", ") + " (tips: \(known.joined(separator: ", "))); "
                    + "check the spelling, or give --allow-unknown to suspend it for catalogs that have it"
            case .invalid(let why): why
            }
        }
    }

    /// Decides the next suspension document of `folder`: reads its manifest and bundle (for
    /// the catalog id and the tip names) and its suspension (for the serial), and signs.
    /// Writes nothing.
    public static func plan(_ request: Request, into folder: String) throws(Failure) -> Plan {
        switch FileSystem.status(folder) {
        case .success(let status) where status.kind == .directory: break
        case .success: throw .folder(folder, "not a folder")
        case .failure(let failure): throw .folder(folder, failure.reason)
        }
        let published: (manifest: CatalogManifest, bundle: TipsBundle)?
        do throws(CatalogPublisher.Failure) {
            published = try CatalogPublisher.readPrevious(folder: folder, manifestPath: folder + "/" + CatalogPublisher.manifestName)
        } catch {
            if case .previous(let path, let why) = error { throw .previous(path, why) }
            throw .previous(folder, error.description)
        }
        let path = folder + "/" + fileName
        let previous = try readPrevious(path)

        guard let catalog = request.catalog ?? published?.manifest.catalog ?? previous?.catalog else { throw .noCatalogID }
        for old in [published?.manifest.catalog, previous?.catalog].compactMap({ $0 }) where old != catalog {
            throw .catalogChanged(previous: old, requested: catalog)
        }
        let serial = request.serial ?? ((previous?.serial ?? 0) + 1)
        if let old = previous, serial <= old.serial { throw .serialNotNewer(previous: old.serial, requested: serial) }

        let names: [String]
        switch request.tips {
        case .all: names = [CatalogSuspension.everyTip]
        case .none: names = []
        case .named(let list):
            if let bad = list.first(where: { $0 == CatalogSuspension.everyTip || !CatalogSuspension.isValidTipName($0) }) {
                throw .invalid("'\(bad)' is not a tip name (letters, digits and '_', not starting with a digit); "
                    + "to suspend every tip, give --all")
            }
            names = list
        }
        var unknown: [String] = []
        if let published, case .named = request.tips {
            let known = Set(published.bundle.tips.map { Int($0.name) < published.bundle.strings.count ? published.bundle.strings[Int($0.name)] : "" })
            unknown = Array(Set(names.filter { !known.contains($0) })).sorted()
            if !unknown.isEmpty, !request.allowUnknownTips {
                throw .unknownTips(unknown, known: known.sorted(), version: published.manifest.version)
            }
        }

        let suspension: CatalogSuspension
        do throws(CatalogManifest.Failure) {
            suspension = try CatalogSuspension.signed(catalog: catalog, serial: serial, tips: names, key: request.key, keyID: request.keyID)
        } catch {
            throw .invalid(error.description)
        }
        return Plan(suspension: suspension, previous: previous, publishedVersion: published?.manifest.version,
                    unknownTips: unknown, path: path, bytes: suspension.encoded())
    }

    /// The folder's current document: nil when it has none. Its signature is not checked
    /// (it may be by a key since rotated away); only its form and serial matter here.
    static func readPrevious(_ path: String) throws(Failure) -> CatalogSuspension? {
        let bytes: [UInt8]
        do throws(FileSystem.Failure) {
            bytes = try FileSystem.readFile(path, limit: InputFile.Limit(bytes: CatalogSuspension.maxByteCount, what: "a suspension"))
        } catch {
            if error.isMissing { return nil }
            throw .previous(path, error.reason)
        }
        do throws(CatalogManifest.Failure) { return try CatalogSuspension.decode(bytes) } catch {
            throw .previous(path, error.description)
        }
    }
}
